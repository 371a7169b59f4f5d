import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../main/base/log.js';

/** The app's own logger (redaction included) writing JSON lines into memory, to assert on them. */
export function memoryLogger(): { log: Logger; lines(): Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = createLogger({ level: 'debug', destination: sink });
  return {
    log,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
