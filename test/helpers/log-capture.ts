import { EventEmitter, once } from 'node:events';
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/** One JSON log line as pino wrote it. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

export interface LogCapture {
  logger: Logger;
  lines: LogLine[];
  /** Resolves with the first line (already written or still to come) that `match` accepts. */
  waitFor(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

/** A real pino logger whose lines the test reads back, to check what the operator would see. */
export function captureLogs(level: pino.Level = 'info'): LogCapture {
  const lines: LogLine[] = [];
  const written = new EventEmitter();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) {
        if (text.trim() === '') continue;
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        written.emit('line', line);
      }
      done();
    },
  });
  return {
    logger: pino({ level }, stream),
    lines,
    async waitFor(match, timeoutMs = 30_000) {
      const signal = AbortSignal.timeout(timeoutMs);
      const seen = lines.find(match);
      if (seen !== undefined) return seen;
      for (;;) {
        const [line] = (await once(written, 'line', { signal })) as [LogLine];
        if (match(line)) return line;
      }
    },
  };
}
