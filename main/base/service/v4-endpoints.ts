import { z } from 'zod';
import { ConfigureRequest, GetPaymentRequest, PATHS, Payment, WebhookReply, WhoAmI, type MethodError } from '../wire/index.js';
import { checkInput, type ServiceHttp } from './service-http.js';
import { MESSAGES, type ServiceResult } from './service-result.js';

const ConfigureAnswer = z.object({ webhookUrl: z.string() });

export interface V4Endpoints {
  /** POST /api/v4/pos/who-am-i: checks the credentials and names the restaurant. */
  whoAmIV4(): Promise<ServiceResult<WhoAmI>>;
  /** Associates this API key with the POS's webhook URL (once per restaurant). */
  configure(webhookUrl: string): Promise<ServiceResult<{ webhookUrl: string }>>;
  /** The final answer to a webhook the POS answered with 202. */
  reply(reply: { id: string; result?: unknown; error?: z.input<typeof MethodError> }): Promise<ServiceResult<unknown>>;
  /** POST /api/v4/pos/get-payment {paymentId}: the payment, as getPayment answers it over v2. */
  getPaymentV4(paymentId: string): Promise<ServiceResult<Payment>>;
}

/** The POS → service calls of the v4 webhook interface (docs/PROTOCOL.md §3, webhooks). */
export function v4Endpoints(http: ServiceHttp): V4Endpoints {
  return {
    whoAmIV4(): Promise<ServiceResult<WhoAmI>> {
      return http.json({ method: 'POST', path: PATHS.v4WhoAmI, answer: WhoAmI });
    },
    /** Associates this API key with the POS's webhook URL (once per restaurant). */
    async configure(webhookUrl: string): Promise<ServiceResult<{ webhookUrl: string }>> {
      const input = checkInput(ConfigureRequest, { webhookUrl });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: PATHS.v4Configure, body: input.value, answer: ConfigureAnswer });
    },
    /** The final answer to a webhook the POS answered with 202. */
    async reply(reply: { id: string; result?: unknown; error?: z.input<typeof MethodError> }): Promise<ServiceResult<unknown>> {
      const input = checkInput(WebhookReply, reply);
      if (!input.ok) return input;
      const body = input.value.error ? { id: input.value.id, error: input.value.error } : { id: input.value.id, result: input.value.result ?? null };
      return http.json({ method: 'POST', path: PATHS.v4Reply, body, answer: z.unknown(), logFields: { deliveryId: reply.id } });
    },
    async getPaymentV4(paymentId: string): Promise<ServiceResult<Payment>> {
      const input = checkInput(GetPaymentRequest, { paymentId });
      if (!input.ok) return input;
      return http.json({
        method: 'POST',
        path: PATHS.v4GetPayment,
        body: input.value,
        answer: Payment,
        wording: { 403: MESSAGES.foreignPayment, 404: 'The payment service does not know this payment: check the payment id.' },
        logFields: { paymentId },
      });
    },
  };
}
