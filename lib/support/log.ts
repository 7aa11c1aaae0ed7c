// Logging to stderr only (stdout belongs to the MCP protocol):
// `HH:MM:SS [logger] LEVEL: message`.

const LEVELS = { DEBUG: 10, INFO: 20, WARNING: 30, ERROR: 40 } as const;
export type LogLevel = keyof typeof LEVELS;

let threshold: number = LEVELS.INFO;

export function setLogLevel(level: LogLevel): void {
  threshold = LEVELS[level];
}

/** Rewrites every line before it is written (redaction: no secret reaches the log). */
let filter: (line: string) => string = (line) => line;

export function setLogFilter(rewrite: (line: string) => string): void {
  filter = rewrite;
}

export function log(level: LogLevel, logger: string, message: string): void {
  if (LEVELS[level] < threshold) return;
  const time = new Date().toTimeString().slice(0, 8);
  console.error(filter(`${time} [${logger}] ${level}: ${message}`));
}

/** stdout carries MCP messages only, so stray console output from any module goes to stderr. */
export function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.dir = toStderr;
}
