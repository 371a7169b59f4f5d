import type { ServiceFailure } from '../../base/service/index.js';

/**
 * Whether a failed push is worth trying again: no answer, a time-out, a restart, a server error or
 * a refused key (it may be corrected in Settings) are; a 4xx about the content itself is not, since
 * the same body would be refused again.
 */
export function isRetryable(failure: Pick<ServiceFailure, 'status' | 'code'>): boolean {
  const { status } = failure;
  if (failure.code === 'INVALID_INPUT') return false; // refused before sending: our own input
  return status === 0 || status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;
}
