/** Sessions with the payment service: see README.md. */
export type { SessionState, SessionStatus, Transport, TransportOptions } from './types.js';
export { createWsTransport, type WsTransport, type WsTransportOptions } from './ws-transport.js';
export { createLongPollTransport, type LongPollTransportOptions } from './longpoll-transport.js';
export { createBackoff, DEFAULT_BACKOFF, type Backoff, type BackoffOptions } from './backoff.js';
export { describeSession, SENTENCES } from './session-state.js';
export { SERVICE_CALL_ERROR } from './ws-service-calls.js';
/** Building blocks for another transport (see README.md, "Adding a transport"). */
export { SessionDriver, type AttemptToken, type LinkEnd, type SessionDriverOptions } from './session-driver.js';
export { CallRunner, INVALID_REQUEST } from './call-runner.js';
export { SessionStateMachine, type WaitReason } from './session-state.js';
