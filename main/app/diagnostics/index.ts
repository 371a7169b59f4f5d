export { buildSupportBundle, DATABASE_FILE, minidumps, type SupportBundleOptions } from './support-bundle.js';
export { BUNDLE_EVENTS, readDatabaseReport, type DatabaseReport } from './database-report.js';
export { createStateHistory, recordConnectionStates, STATE_HISTORY_SIZE, type StateHistory } from './state-history.js';
export { collectVersions, readAppVersion, type Versions } from './versions.js';
export { looksSecret, maskSecrets, scrubText, secretForms } from './secret-scrub.js';
