/**
 * What every REST call answers: a value, or an error a cashier can act on. Never a throw, so a
 * caller cannot forget the failure path, and never the API key in any text.
 */
export type ServiceResult<T> = { ok: true; value: T } | ServiceFailure;

export interface ServiceFailure {
  ok: false;
  /** HTTP status; 0 when no answer arrived (network error, time-out) or the input was refused locally. */
  status: number;
  code: ServiceErrorCode;
  /** Cashier-readable: what happened and what to do next. */
  message: string;
}

export const SERVICE_ERROR = {
  NETWORK: 'NETWORK_ERROR',
  TIMEOUT: 'TIMEOUT',
  INVALID_INPUT: 'INVALID_INPUT',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'GONE',
  TOO_LARGE: 'TOO_LARGE',
  SERVICE_RESTARTING: 'SERVICE_RESTARTING',
  SERVICE_ERROR: 'SERVICE_ERROR',
  HTTP_ERROR: 'HTTP_ERROR',
} as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR)[keyof typeof SERVICE_ERROR];

export const MESSAGES = {
  unreachable: 'Cannot reach the payment service: check the internet connection.',
  rejected: 'The API key or Pos-Id was rejected: check them in Settings.',
  foreignPayment: 'This payment belongs to another restaurant.',
  cancelWindow: "The 3-hour cancellation window has passed: refund it from the service's admin console.",
  restarting: 'The service is restarting; try again in 2 minutes.',
  unreadable: 'The payment service sent an answer Tableside cannot read; try again, and report it if it keeps happening.',
} as const;

/** Per-endpoint wording of the statuses whose meaning depends on what was asked. */
export interface StatusWording {
  403?: string;
  404?: string;
  409?: string;
  410?: string;
}

export function failure(status: number, code: ServiceErrorCode, message: string): ServiceFailure {
  return { ok: false, status, code, message };
}

/** Maps a refused HTTP answer to a failure; `serviceMessage` is the service's own Error text, if any. */
export function failureForStatus(status: number, wording: StatusWording, serviceMessage: string | null): ServiceFailure {
  const detail = serviceMessage ? `: ${serviceMessage.replace(/\.$/, '')}` : '';
  switch (status) {
    case 400:
      return failure(status, SERVICE_ERROR.BAD_REQUEST, `The payment service refused the request${detail}. Correct it and try again.`);
    case 401:
      // The service's own words (in the cashier's language) say which of the two it refused.
      return failure(status, SERVICE_ERROR.UNAUTHORIZED, serviceMessage ? `${MESSAGES.rejected} The service says: "${serviceMessage}"` : MESSAGES.rejected);
    case 403:
      return failure(status, SERVICE_ERROR.FORBIDDEN, wording[403] ?? 'The payment service refused access: this belongs to another restaurant.');
    case 404:
      return failure(status, SERVICE_ERROR.NOT_FOUND, wording[404] ?? 'The payment service does not know this item: check the id and try again.');
    case 409:
      return failure(status, SERVICE_ERROR.CONFLICT, wording[409] ?? `The payment service reported a conflict${detail}. Reload and try again.`);
    case 410:
      return failure(status, SERVICE_ERROR.GONE, wording[410] ?? MESSAGES.cancelWindow);
    case 413:
      return failure(status, SERVICE_ERROR.TOO_LARGE, 'The request is too large for the payment service: send fewer items at a time.');
    case 503:
      return failure(status, SERVICE_ERROR.SERVICE_RESTARTING, MESSAGES.restarting);
    default:
      if (status >= 500) {
        return failure(status, SERVICE_ERROR.SERVICE_ERROR, `The payment service had a problem (HTTP ${status}); try again in a minute.`);
      }
      return failure(status, SERVICE_ERROR.HTTP_ERROR, `The payment service answered HTTP ${status}${detail}; try again, and report it if it keeps happening.`);
  }
}
