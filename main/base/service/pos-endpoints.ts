import { z } from 'zod';
import {
  GetResourcesRequest,
  Id,
  MAX_MENU_ITEMS,
  Menu,
  MenuItem,
  OrderStatus,
  OrderStatusQuery,
  OrderStatusUpdate,
  PATHS,
  Payment,
  ProvideReceiptRequest,
  QrCode,
  Receipt,
  Resources,
  StatusReply,
  WhoAmI,
  type ORDER_STATUSES,
} from '../wire/index.js';
import { checkInput, type RawAnswer, type ServiceHttp } from './service-http.js';
import { MESSAGES, type ServiceResult, type StatusWording } from './service-result.js';

const PAYMENT_WORDING: StatusWording = {
  403: MESSAGES.foreignPayment,
  404: 'The payment service does not know this payment: check the payment id.',
};
const QR_WORDING: StatusWording = { 404: 'This table has no QR code at the service yet: create one first.' };
const ORDER_WORDING: StatusWording = { 404: 'The payment service does not know this order: check the order id.' };

const UpdateMenusInput = z.object({ menus: z.array(Menu).max(MAX_MENU_ITEMS) });
const UploadItemsInput = z.object({ items: z.array(MenuItem).max(MAX_MENU_ITEMS, `at most ${MAX_MENU_ITEMS} items per upload`) });
const PaymentIdInput = z.object({ paymentId: Id });
const TableIdInput = z.object({ idTable: Id });

export type OrderStatusValue = (typeof ORDER_STATUSES)[number];
export type QrImageFormat = 'png' | 'svg';

export interface PosEndpoints {
  // Payments and who-am-i.
  /** GET /api/v2/pos/payment/<id>: 404 stays an error (status 404) for the caller to judge. */
  getPayment(id: string): Promise<ServiceResult<Payment>>;
  /** DELETE /api/v2/pos/payment/<id>: cancels within 3 hours of creation (410 after). */
  cancelPayment(id: string): Promise<ServiceResult<Payment>>;
  /** POST /api/v2/pos/payment/<id>/capture with a Receipt (captureMode manual payments). */
  capturePayment(id: string, receipt: Receipt): Promise<ServiceResult<StatusReply>>;
  /** POST /api/v2/pos/provide-payment-receipt {paymentId, receipt}. */
  provideReceipt(paymentId: string, receipt: Receipt): Promise<ServiceResult<StatusReply>>;
  /** GET /api/v2/pos/who-am-i: checks the credentials and names the restaurant. */
  whoAmI(): Promise<ServiceResult<WhoAmI>>;
  // The tables' QR codes and their images.
  /** GET /api/v2/pos/qr: every code of this restaurant. */
  listQrCodes(): Promise<ServiceResult<QrCode[]>>;
  /** POST /api/v2/pos/qr {idTable}: the table's code, created once and the same afterwards. */
  createQrCode(idTable: string): Promise<ServiceResult<QrCode>>;
  /** DELETE /api/v2/pos/qr: removes every code of this restaurant. */
  deleteAllQrCodes(): Promise<ServiceResult<null>>;
  getQrCode(idTable: string): Promise<ServiceResult<QrCode>>;
  deleteQrCode(idTable: string): Promise<ServiceResult<null>>;
  /** GET /api/v2/pos/qr-image/<code>: PNG bytes, or SVG (`?format=svg`). */
  qrImage(code: string, format?: QrImageFormat): Promise<ServiceResult<RawAnswer>>;
  // Menus, order statuses and resources.
  /** POST /api/v2/pos/update-menus: replaces the menus (at most 5,000 items). */
  updateMenus(menus: z.input<typeof Menu>[]): Promise<ServiceResult<StatusReply>>;
  uploadMenuItems(items: z.input<typeof MenuItem>[]): Promise<ServiceResult<StatusReply>>;
  /** POST /api/v2/pos/update-<svc>-order-status; `svc` defaults to the client's service name. */
  updateOrderStatus(idOrder: string, status: OrderStatusValue, options?: { svc?: string; reason?: string }): Promise<ServiceResult<StatusReply>>;
  /** POST /api/v2/pos/get-<svc>-order-status: what the service holds for the order. */
  getOrderStatus(idOrder: string, options?: { svc?: string }): Promise<ServiceResult<OrderStatus>>;
  /** POST /api/v2/pos/get-resources {names?} → the resources by name. */
  getResources(names?: string[]): Promise<ServiceResult<Record<string, unknown>>>;
}

/** The v2 POS endpoints of the interface document (payments, who-am-i, QR, menus, orders, resources). */
export function posEndpoints(http: ServiceHttp, serviceName: string): PosEndpoints {
  return { ...paymentEndpoints(http), ...qrEndpoints(http), ...menuEndpoints(http, serviceName) };
}

/** Payments and who-am-i. */
function paymentEndpoints(http: ServiceHttp) {
  const payment = (id: string) => ({ logFields: { paymentId: id }, wording: PAYMENT_WORDING });
  const idCheck = (paymentId: string) => checkInput(PaymentIdInput, { paymentId });
  return {
    /** GET /api/v2/pos/payment/<id>: 404 stays an error (status 404) for the caller to judge. */
    async getPayment(id: string): Promise<ServiceResult<Payment>> {
      const input = idCheck(id);
      if (!input.ok) return input;
      return http.json({ method: 'GET', path: PATHS.payment(id), answer: Payment, ...payment(id) });
    },
    /** DELETE /api/v2/pos/payment/<id>: cancels within 3 hours of creation (410 after). */
    async cancelPayment(id: string): Promise<ServiceResult<Payment>> {
      const input = idCheck(id);
      if (!input.ok) return input;
      return http.json({ method: 'DELETE', path: PATHS.payment(id), answer: Payment, ...payment(id) });
    },
    /** POST /api/v2/pos/payment/<id>/capture with a Receipt (captureMode manual payments). */
    async capturePayment(id: string, receipt: Receipt): Promise<ServiceResult<StatusReply>> {
      const input = checkInput(z.object({ paymentId: Id, receipt: Receipt }), { paymentId: id, receipt });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: PATHS.capture(id), body: input.value.receipt, answer: StatusReply, ...payment(id) });
    },
    /** POST /api/v2/pos/provide-payment-receipt {paymentId, receipt}. */
    async provideReceipt(paymentId: string, receipt: Receipt): Promise<ServiceResult<StatusReply>> {
      const input = checkInput(ProvideReceiptRequest, { paymentId, receipt });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: PATHS.provideReceipt, body: input.value, answer: StatusReply, ...payment(paymentId) });
    },
    /** GET /api/v2/pos/who-am-i: checks the credentials and names the restaurant. */
    whoAmI(): Promise<ServiceResult<WhoAmI>> {
      return http.json({ method: 'GET', path: PATHS.whoAmI, answer: WhoAmI });
    },
  };
}

/** The tables' QR codes and their images. */
function qrEndpoints(http: ServiceHttp) {
  return {
    listQrCodes(): Promise<ServiceResult<QrCode[]>> {
      return http.json({ method: 'GET', path: PATHS.qr, answer: z.array(QrCode) });
    },
    /** POST /api/v2/pos/qr {idTable}: the table's code, created once and the same afterwards. */
    async createQrCode(idTable: string): Promise<ServiceResult<QrCode>> {
      const input = checkInput(TableIdInput, { idTable });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: PATHS.qr, body: input.value, answer: QrCode, logFields: { tableId: idTable } });
    },
    /** DELETE /api/v2/pos/qr: removes every code of this restaurant. */
    deleteAllQrCodes(): Promise<ServiceResult<null>> {
      return http.json({ method: 'DELETE', path: PATHS.qr, answer: null });
    },
    async getQrCode(idTable: string): Promise<ServiceResult<QrCode>> {
      const input = checkInput(TableIdInput, { idTable });
      if (!input.ok) return input;
      return http.json({ method: 'GET', path: PATHS.qrTable(idTable), answer: QrCode, wording: QR_WORDING, logFields: { tableId: idTable } });
    },
    async deleteQrCode(idTable: string): Promise<ServiceResult<null>> {
      const input = checkInput(TableIdInput, { idTable });
      if (!input.ok) return input;
      return http.json({ method: 'DELETE', path: PATHS.qrTable(idTable), answer: null, wording: QR_WORDING, logFields: { tableId: idTable } });
    },
    /** GET /api/v2/pos/qr-image/<code>: PNG bytes, or SVG (`?format=svg`). */
    async qrImage(code: string, format: QrImageFormat = 'png'): Promise<ServiceResult<RawAnswer>> {
      const input = checkInput(z.object({ code: Id }), { code });
      if (!input.ok) return input;
      const path = PATHS.qrImage(code) + (format === 'svg' ? '?format=svg' : '');
      return http.raw({ method: 'GET', path, wording: { 404: 'The payment service does not know this QR code: create the table code again.' } });
    },
  };
}

/** Menus, order statuses and resources. */
function menuEndpoints(http: ServiceHttp, serviceName: string) {
  return {
    /** POST /api/v2/pos/update-menus: replaces the menus (at most 5,000 items). */
    async updateMenus(menus: z.input<typeof Menu>[]): Promise<ServiceResult<StatusReply>> {
      const input = checkInput(UpdateMenusInput, { menus });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: PATHS.updateMenus, body: input.value, answer: StatusReply });
    },
    async uploadMenuItems(items: z.input<typeof MenuItem>[]): Promise<ServiceResult<StatusReply>> {
      const input = checkInput(UploadItemsInput, { items });
      if (!input.ok) return input;
      return http.json({ method: 'POST', path: PATHS.uploadMenuItems, body: input.value, answer: StatusReply });
    },

    /** POST /api/v2/pos/update-<svc>-order-status; `svc` defaults to the client's service name. */
    async updateOrderStatus(idOrder: string, status: OrderStatusValue, options: { svc?: string; reason?: string } = {}): Promise<ServiceResult<StatusReply>> {
      // reason: REJECTED only, shown to the guest (docs/PROTOCOL.md §5).
      const input = checkInput(OrderStatusUpdate, options.reason === undefined ? { idOrder, status } : { idOrder, status, reason: options.reason });
      if (!input.ok) return input;
      const path = PATHS.updateOrderStatus(options.svc ?? serviceName);
      return http.json({ method: 'POST', path, body: input.value, answer: StatusReply, wording: ORDER_WORDING, logFields: { orderId: idOrder } });
    },
    async getOrderStatus(idOrder: string, options: { svc?: string } = {}): Promise<ServiceResult<OrderStatus>> {
      const input = checkInput(OrderStatusQuery, { idOrder });
      if (!input.ok) return input;
      const path = PATHS.getOrderStatus(options.svc ?? serviceName);
      return http.json({ method: 'POST', path, body: input.value, answer: OrderStatus, wording: ORDER_WORDING, logFields: { orderId: idOrder } });
    },
    /** POST /api/v2/pos/get-resources {names?} → the resources by name. */
    async getResources(names?: string[]): Promise<ServiceResult<Record<string, unknown>>> {
      const input = checkInput(GetResourcesRequest, names === undefined ? {} : { names });
      if (!input.ok) return input;
      const answer = await http.json({ method: 'POST', path: PATHS.getResources, body: input.value, answer: Resources });
      return answer.ok ? { ok: true, value: answer.value.resources } : answer;
    },
  };
}
