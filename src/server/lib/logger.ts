/** JSON-lines logger; each request gets a child carrying its request id. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(level: LogLevel, base: LogFields = {}, write = defaultWrite): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (rank[at] < rank[level]) return;
    write(at, JSON.stringify({ time: new Date().toISOString(), level: at, message, ...base, ...fields }));
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

function defaultWrite(level: Exclude<LogLevel, 'silent'>, line: string) {
  if (level === 'error' || level === 'warn') console.error(line);
  else console.info(line);
}
