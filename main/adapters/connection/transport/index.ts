/** The connection with the payment service and the transports that carry it: see README.md. */
export type { ConnectionState, ConnectionStatus, Transport, TransportOptions } from './types.js';
export { createWsTransport, type WsTransport, type WsTransportOptions } from './ws-transport.js';
export { createLongPollTransport, POLL_MARGIN_MS, type LongPollTransportOptions } from './longpoll-transport.js';
export { createBackoff, DEFAULT_BACKOFF, type Backoff, type BackoffOptions } from '../../../base/backoff.js';
export { describeConnection, SENTENCES } from './connection-state.js';
export { SERVICE_CALL_ERROR } from './ws-service-calls.js';
/** Building blocks for another transport (see README.md, "Adding a transport"). */
export { ConnectionDriver, type AttemptToken, type AttemptEnd, type ConnectionDriverOptions } from './connection-driver.js';
export { CallRunner, INVALID_REQUEST } from './call-runner.js';
export { ConnectionStateMachine, type RejectReason, type WaitReason } from './connection-state.js';
