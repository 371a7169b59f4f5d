import type { MethodOutcome } from '../../main/adapters/connection/methods-index.js';

/** The result as the service receives it: through JSON (a result may be pre-serialised JSON text). */
export const result = (o: MethodOutcome): unknown => {
  if ('error' in o) throw new Error(`expected a result, got ${o.error.code}: ${o.error.message}`);
  return JSON.parse(JSON.stringify(o.result ?? null)) as unknown;
};
