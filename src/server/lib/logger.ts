/** JSON-lines logger; each request gets a child carrying its request id. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;
type Write = (level: Exclude<LogLevel, 'silent'>, line: string) => void;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** A class, so a per-request child costs one small object rather than a set of closures. */
export class Logger {
  constructor(
    private readonly level: LogLevel,
    private readonly base: LogFields = {},
    private readonly write: Write = defaultWrite,
  ) {}

  isEnabled(level: Exclude<LogLevel, 'silent'>): boolean {
    return rank[level] >= rank[this.level];
  }

  debug(message: string, fields?: LogFields) {
    this.emit('debug', message, fields);
  }
  info(message: string, fields?: LogFields) {
    this.emit('info', message, fields);
  }
  warn(message: string, fields?: LogFields) {
    this.emit('warn', message, fields);
  }
  error(message: string, fields?: LogFields) {
    this.emit('error', message, fields);
  }

  child(fields: LogFields): Logger {
    return new Logger(this.level, { ...this.base, ...fields }, this.write);
  }

  private emit(level: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) {
    if (!this.isEnabled(level)) return;
    this.write(
      level,
      JSON.stringify({ time: new Date().toISOString(), level, message, ...this.base, ...fields }),
    );
  }
}

export function createLogger(level: LogLevel, base: LogFields = {}, write: Write = defaultWrite): Logger {
  return new Logger(level, base, write);
}

function defaultWrite(level: Exclude<LogLevel, 'silent'>, line: string) {
  if (level === 'error' || level === 'warn') console.error(line);
  else console.info(line);
}
