export { startPosApi, type PosApi, type PosApiOptions } from './pos-api-server.js';
export { loadOrCreateToken, regenerateToken, TOKEN_FILE } from './token.js';
export { openApiDocument } from './openapi.js';
export { ROUTES } from './routes.js';
export { MAX_BODY_BYTES } from './http-io.js';
export { SSE_HEARTBEAT_MS } from './event-stream.js';
