/**
 * JSON-lines logger; each request gets a child carrying its request id. Lines go to whatever
 * `write` is given: the console by default (the Worker, tests), a buffered stdout sink in the Bun
 * processes (lib/log-sink.ts, decision 067). Never a file: rotation belongs to whatever captures
 * the process's output.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;
export type LogLineLevel = Exclude<LogLevel, 'silent'>;
export type LogWrite = (level: LogLineLevel, line: string) => void;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * A class, so a per-request child costs one small object rather than a set of closures. The line
 * is assembled as text: the logger's own fields are serialised once (when it first writes), not
 * merged into a new object and stringified again for every line.
 */
export class Logger {
  private readonly threshold: number;
  /** `,"service":"esg","requestId":"…"`: the base fields as JSON members, made on first use. */
  private serialisedBase: string | undefined;

  constructor(
    private readonly level: LogLevel,
    private readonly base: LogFields = {},
    private readonly write: LogWrite = consoleWrite,
    private readonly now: () => number = Date.now,
  ) {
    this.threshold = rank[level];
  }

  isEnabled(level: LogLineLevel): boolean {
    return rank[level] >= this.threshold;
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
    return new Logger(this.level, { ...this.base, ...fields }, this.write, this.now);
  }

  private emit(level: LogLineLevel, message: string, fields?: LogFields) {
    if (rank[level] < this.threshold) return;
    const time = isoTime(this.now());
    if (fields && overlaps(fields, this.base)) {
      // A field repeating a base key replaces it, as the object spread always did: one key per line.
      this.write(level, JSON.stringify({ time, level, message, ...this.base, ...fields }));
      return;
    }
    this.serialisedBase ??= members(this.base);
    const own = fields ? members(fields) : '';
    this.write(
      level,
      `{"time":"${time}","level":"${level}","message":${JSON.stringify(message)}${this.serialisedBase}${own}}`,
    );
  }
}

export function createLogger(level: LogLevel, base: LogFields = {}, write: LogWrite = consoleWrite): Logger {
  return new Logger(level, base, write);
}

/** The console, one call a line; warnings and errors to stderr. */
export function consoleWrite(level: LogLineLevel, line: string) {
  if (level === 'error' || level === 'warn') console.error(line);
  else console.info(line);
}

const RESERVED = ['time', 'level', 'message'];

function overlaps(fields: LogFields, base: LogFields): boolean {
  for (const key in fields) if (Object.hasOwn(base, key) || RESERVED.includes(key)) return true;
  return false;
}

/** An object's JSON members with a leading comma (`,"a":1,"b":"x"`), or '' when it has none. */
function members(fields: LogFields): string {
  const json = JSON.stringify(fields);
  return json.length > 2 ? `,${json.slice(1, -1)}` : '';
}

/** Lines within one millisecond share the formatted time. */
let lastMs = Number.NaN;
let lastIso = '';
function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
