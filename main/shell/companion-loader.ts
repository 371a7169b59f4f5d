import type { Companion, CompanionOptions } from '../host-types.js';

/**
 * Loads the composition root (main/companion.ts, the lead's) at runtime. Kept behind this one
 * function so the shell type-checks against the shared CompanionOptions/Companion types whether
 * or not that module is built yet; a missing module is a clear start-up error.
 */
export type CreateCompanion = (options: CompanionOptions) => Promise<Companion>;

export async function loadCreateCompanion(): Promise<CreateCompanion> {
  const mod = (await import(new URL('../companion.js', import.meta.url).href)) as { createCompanion?: unknown };
  if (typeof mod.createCompanion !== 'function') throw new Error('main/companion.js does not export createCompanion: rebuild the app (npm run build).');
  return mod.createCompanion as CreateCompanion;
}
