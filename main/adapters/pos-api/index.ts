export { startPosApi, type PosApi, type PosApiOptions } from './pos-api-server.js';
export { loadOrCreateToken, regenerateToken, TOKEN_FILE } from './token.js';
export { assemblePosApi, type PosApiRoutes } from './routes.js';
export { DOCUMENT_PATH, type OpenApiDocument } from './openapi.js';
export { MAX_BODY_BYTES } from './http-io.js';
export { SSE_HEARTBEAT_MS } from './event-stream.js';
