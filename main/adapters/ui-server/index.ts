/** Browser mode: the built renderer on loopback with CompanionApi bridged over a WebSocket. */
export { startUiServer, UI_CSP, type UiDownload, type UiServer, type UiServerOptions } from './ui-server.js';
export { BRIDGE_PATH, type BridgeReply, type BridgeRequest } from './bridge.js';
export { UI_COOKIE } from './ui-auth.js';
