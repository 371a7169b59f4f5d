export { createStaffHub, sortNotices, STAFF_PUSH_MS, type StaffHub, type StaffSession, type StaffSessionPort } from './staff-hub.js';
export { createPhoneCommands, MANAGER_UNLOCK_MS, type PhoneCommands } from './phone-commands.js';
export { createStaffService, type StaffListenerPort, type StaffService } from './staff-service.js';
export { PAIRING_MS } from './pairing.js';
