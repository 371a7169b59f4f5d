import type { DemoPort } from '../../main/base/host-types.js';
import { startSandbox } from '../../sandbox/index.js';

/**
 * The demo port for tests that build a companion in demo mode: the real embedded sandbox, as the
 * hosts pass it (`createCompanion({ ..., demo: embeddedDemo })`).
 */
export const embeddedDemo: DemoPort = (options) => startSandbox(options);
