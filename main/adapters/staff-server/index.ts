export { startStaffServer, DEFAULT_RATES, STAFF_LIVE_PATH, STAFF_PAIR_PATH, type StaffRates, type StaffServer, type StaffServerOptions } from './staff-server.js';
export { createRateLimit, type RateLimit } from './rate-limit.js';
