import { z } from 'zod';
import { Currency, DecimalString, EshopOrder, EshopOrderCreate, Id, PaymentGatewayLink, StaticPaymentLink, StatusReply } from '../wire/index.js';
import { checkInput, type ServiceHttp } from './service-http.js';
import type { ServiceResult, StatusWording } from './service-result.js';

/**
 * The /api/v2/eshop endpoints. The interface document gives only their paths; the shapes are ours
 * (docs/PROTOCOL.md §4) and live in main/base/wire/rest.ts so they can be corrected in one place. Answers
 * whose shape nobody has fixed are returned as parsed JSON (`unknown`).
 */
export const ESHOP_PATHS = {
  order: '/api/v2/eshop/order',
  orderBatch: '/api/v2/eshop/order-batch',
  payByGateway: '/api/v2/eshop/order/pay-by-payment-gateway',
  process: '/api/v2/eshop/order/process',
  orderOf: (idMerchant: string, idOrder: string) => `/api/v2/eshop/order/${encodeURIComponent(idMerchant)}/${encodeURIComponent(idOrder)}`,
  applePaySession: '/api/v2/eshop/create-apple-pay-session',
  staticLinkCreate: (idMerchant: string) => `/api/v2/eshop/static-payment-link/${encodeURIComponent(idMerchant)}/create`,
  staticLinkDelete: (idMerchant: string) => `/api/v2/eshop/static-payment-link/${encodeURIComponent(idMerchant)}/delete`,
  staticLink: (idMerchant: string, id: string) => `/api/v2/eshop/static-payment-link/${encodeURIComponent(idMerchant)}/${encodeURIComponent(id)}`,
} as const;

const ORDER_WORDING: StatusWording = {
  403: 'This e-shop order belongs to another merchant.',
  404: 'The payment service does not know this e-shop order: check the merchant and order ids.',
  409: 'The e-shop order is not in a state that allows this: reload it and check its state.',
};
const LINK_WORDING: StatusWording = { 404: 'The payment service does not know this payment link: check its id.' };

const OrderRef = z.object({ idMerchant: Id, idOrder: Id });
const OrderIdInput = z.object({ idOrder: Id });
const SubscriptionPayments = z.object({ idOrder: Id, payments: z.array(z.unknown()) });
export type OrderRef = z.infer<typeof OrderRef>;
const BatchInput = z.object({ orders: z.array(EshopOrderCreate).min(1, 'must hold at least one order') });
const RefundInput = z.object({ amount: DecimalString.optional() });
export const StaticLinkCreate = z.object({ amount: DecimalString.optional(), currency: Currency, description: z.string().optional().default('') });
const Loose = z.unknown();

/** The e-shop calls of the service: orders, their gateway payments and refunds, and static payment links. */
export interface EshopEndpoints {
  createOrder(order: z.input<typeof EshopOrderCreate>): Promise<ServiceResult<EshopOrder>>;
  createOrderBatch(orders: z.input<typeof EshopOrderCreate>[]): Promise<ServiceResult<EshopOrder[]>>;
  /** POST .../pay-by-payment-gateway {idOrder}: the URL to send the customer to. */
  payByPaymentGateway(idOrder: string): Promise<ServiceResult<z.infer<typeof PaymentGatewayLink>>>;
  /** GET .../pay-by-payment-gateway?idOrder=: the same link, read again. */
  getPaymentGatewayLink(idOrder: string): Promise<ServiceResult<z.infer<typeof PaymentGatewayLink>>>;
  /** POST .../order/process {idOrder}: completes the order's gateway payment. */
  processOrder(idOrder: string): Promise<ServiceResult<EshopOrder>>;
  getOrder(r: OrderRef): Promise<ServiceResult<EshopOrder>>;
  /** DELETE .../order/<idMerchant>/<idOrder>: cancels an unpaid order (409 once paid: refund it). */
  deleteOrder(r: OrderRef): Promise<ServiceResult<EshopOrder>>;
  getSubscriptionPayments(r: OrderRef): Promise<ServiceResult<z.infer<typeof SubscriptionPayments>>>;
  /** POST .../refund-payments {amount?}: without an amount the whole order is refunded. */
  refundPayments(r: OrderRef, refund?: { amount?: string }): Promise<ServiceResult<EshopOrder>>;
  terminateSubscription(r: OrderRef): Promise<ServiceResult<StatusReply>>;
  /** Apple-style payment session: request and answer are opaque to Tableside, passed through. */
  createApplePaySession(request?: Record<string, unknown>): Promise<ServiceResult<unknown>>;
  createStaticPaymentLink(idMerchant: string, link: z.input<typeof StaticLinkCreate>): Promise<ServiceResult<StaticPaymentLink>>;
  deleteStaticPaymentLink(idMerchant: string, id: string): Promise<ServiceResult<StatusReply>>;
  getStaticPaymentLink(idMerchant: string, id: string): Promise<ServiceResult<StaticPaymentLink>>;
}

export function eshopEndpoints(http: ServiceHttp): EshopEndpoints {
  const ref = (r: OrderRef) => checkInput(OrderRef, r);
  return {
    async createOrder(order: z.input<typeof EshopOrderCreate>): Promise<ServiceResult<EshopOrder>> {
      const input = checkInput(EshopOrderCreate, order);
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: ESHOP_PATHS.order, body: input.value, answer: EshopOrder });
    },
    async createOrderBatch(orders: z.input<typeof EshopOrderCreate>[]): Promise<ServiceResult<EshopOrder[]>> {
      const input = checkInput(BatchInput, { orders });
      if (!input.ok) return input;
      const answer = await http.json({
        method: 'POST',
        path: ESHOP_PATHS.orderBatch,
        body: input.value,
        answer: z.union([z.array(EshopOrder), z.object({ orders: z.array(EshopOrder) })]),
      });
      return answer.ok ? { ok: true, value: Array.isArray(answer.value) ? answer.value : answer.value.orders } : answer;
    },
    /** POST .../pay-by-payment-gateway {idOrder}: the URL to send the customer to. */
    async payByPaymentGateway(idOrder: string): Promise<ServiceResult<z.infer<typeof PaymentGatewayLink>>> {
      const input = checkInput(OrderIdInput, { idOrder });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: ESHOP_PATHS.payByGateway, body: input.value, answer: PaymentGatewayLink, wording: ORDER_WORDING });
    },
    /** GET .../pay-by-payment-gateway?idOrder=: the same link, read again. */
    async getPaymentGatewayLink(idOrder: string): Promise<ServiceResult<z.infer<typeof PaymentGatewayLink>>> {
      const input = checkInput(OrderIdInput, { idOrder });
      if (!input.ok) return input;
      const query = new URLSearchParams(input.value).toString();
      return http.json({ method: 'GET', path: `${ESHOP_PATHS.payByGateway}?${query}`, answer: PaymentGatewayLink, wording: ORDER_WORDING });
    },
    /** POST .../order/process {idOrder}: completes the order's gateway payment. */
    async processOrder(idOrder: string): Promise<ServiceResult<EshopOrder>> {
      const input = checkInput(OrderIdInput, { idOrder });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: ESHOP_PATHS.process, body: input.value, answer: EshopOrder, wording: ORDER_WORDING });
    },
    async getOrder(r: OrderRef): Promise<ServiceResult<EshopOrder>> {
      const input = ref(r);
      if (!input.ok) return input;
      return http.json({ method: 'GET', path: ESHOP_PATHS.orderOf(r.idMerchant, r.idOrder), answer: EshopOrder, wording: ORDER_WORDING });
    },
    /** DELETE .../order/<idMerchant>/<idOrder>: cancels an unpaid order (409 once paid: refund it). */
    async deleteOrder(r: OrderRef): Promise<ServiceResult<EshopOrder>> {
      const input = ref(r);
      if (!input.ok) return input;
      return http.json({ method: 'DELETE', path: ESHOP_PATHS.orderOf(r.idMerchant, r.idOrder), answer: EshopOrder, wording: ORDER_WORDING });
    },
    async getSubscriptionPayments(r: OrderRef): Promise<ServiceResult<z.infer<typeof SubscriptionPayments>>> {
      const input = ref(r);
      if (!input.ok) return input;
      return http.json({
        method: 'GET',
        path: `${ESHOP_PATHS.orderOf(r.idMerchant, r.idOrder)}/subscription-payments`,
        answer: SubscriptionPayments,
        wording: ORDER_WORDING,
      });
    },
    /** POST .../refund-payments {amount?}: without an amount the whole order is refunded. */
    async refundPayments(r: OrderRef, refund: { amount?: string } = {}): Promise<ServiceResult<EshopOrder>> {
      const input = ref(r);
      if (!input.ok) return input;
      const body = checkInput(RefundInput, refund);
      if (!body.ok) return body;
      return http.json({
        method: 'POST',
        path: `${ESHOP_PATHS.orderOf(r.idMerchant, r.idOrder)}/refund-payments`,
        body: body.value,
        answer: EshopOrder,
        wording: ORDER_WORDING,
      });
    },
    async terminateSubscription(r: OrderRef): Promise<ServiceResult<StatusReply>> {
      const input = ref(r);
      if (!input.ok) return input;
      return http.json({
        method: 'POST',
        path: `${ESHOP_PATHS.orderOf(r.idMerchant, r.idOrder)}/terminate-subscription`,
        body: {},
        answer: StatusReply,
        wording: ORDER_WORDING,
      });
    },
    /** Apple-style payment session: request and answer are opaque to Tableside, passed through. */
    createApplePaySession(request: Record<string, unknown> = {}): Promise<ServiceResult<unknown>> {
      return http.json({ method: 'POST', path: ESHOP_PATHS.applePaySession, body: request, answer: Loose });
    },
    async createStaticPaymentLink(idMerchant: string, link: z.input<typeof StaticLinkCreate>): Promise<ServiceResult<StaticPaymentLink>> {
      const merchant = checkInput(Id, idMerchant);
      if (!merchant.ok) return merchant;
      const input = checkInput(StaticLinkCreate, link);
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: ESHOP_PATHS.staticLinkCreate(idMerchant), body: input.value, answer: StaticPaymentLink });
    },
    async deleteStaticPaymentLink(idMerchant: string, id: string): Promise<ServiceResult<StatusReply>> {
      const input = checkInput(z.object({ idMerchant: Id, id: Id }), { idMerchant, id });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: ESHOP_PATHS.staticLinkDelete(idMerchant), body: { id }, answer: StatusReply, wording: LINK_WORDING });
    },
    async getStaticPaymentLink(idMerchant: string, id: string): Promise<ServiceResult<StaticPaymentLink>> {
      const input = checkInput(z.object({ idMerchant: Id, id: Id }), { idMerchant, id });
      if (!input.ok) return input;
      return http.json({ method: 'GET', path: ESHOP_PATHS.staticLink(idMerchant, id), answer: StaticPaymentLink, wording: LINK_WORDING });
    },
  };
}
