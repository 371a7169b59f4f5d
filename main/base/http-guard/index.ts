export { createGuardedServer, DEFAULT_LIMITS, guardUpgrade, MISDIRECTED, type GuardOptions, type ServerLimits } from './http-guard.js';
export { checkHost, hostsOfUrls, loopbackHosts } from './host-check.js';
