import type { ServiceClient } from '../../../base/service/index.js';
import type { Payment as WirePayment } from '../../../base/wire/index.js';

/**
 * How recovery asks the service about one payment: `GET /api/v2/pos/payment/<id>`, or over v4
 * webhooks `POST /api/v4/pos/get-payment`. 404 → null (the service does not know it); any other
 * failure throws, so the caller asks again later.
 */
export function paymentLookup(client: Pick<ServiceClient, 'getPayment' | 'getPaymentV4'>, transport: string): (id: string) => Promise<WirePayment | null> {
  return async (id) => {
    const answer = transport === 'webhook' ? await client.getPaymentV4(id) : await client.getPayment(id);
    if (answer.ok) return answer.value;
    if (answer.status === 404) return null;
    throw new Error(answer.message);
  };
}
