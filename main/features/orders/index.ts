export { createMenuSync, MENU_GROUP_MS, type MenuSync, type MenuSyncState } from './menu-sync.js';
export { createOrderStatusSender, type OrderStatusSender } from './status-sender.js';
