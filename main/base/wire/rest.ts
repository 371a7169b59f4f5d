import { z } from 'zod';
import { Currency, DecimalString, Id } from './primitives.js';
import { Receipt } from './records.js';

/** REST shapes (docs/PROTOCOL.md §4). Ours unless the interface document says otherwise. */
export const WhoAmI = z.object({ id: z.string(), name: z.string() });
export type WhoAmI = z.infer<typeof WhoAmI>;

export const StatusReply = z.object({ status: z.string() });
export type StatusReply = z.infer<typeof StatusReply>;

export const ProvideReceiptRequest = z.object({ paymentId: Id, receipt: Receipt });

export const QrCode = z.object({ idTable: Id, code: z.string(), url: z.string() });
export type QrCode = z.infer<typeof QrCode>;
export const QrCreateRequest = z.object({ idTable: Id });

export const MenuItem = z.object({
  id: Id,
  name: z.string(),
  price: DecimalString,
  tags: z.array(z.string()).optional().default([]),
  available: z.boolean().optional().default(true),
  category: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
});
export type MenuItem = z.infer<typeof MenuItem>;
export const MAX_MENU_ITEMS = 5000;
export const Menu = z.object({ id: Id, name: z.string(), items: z.array(MenuItem) });
export const UpdateMenusRequest = z.object({ menus: z.array(Menu) });
export const UploadMenuItemsRequest = z.object({ items: z.array(MenuItem) });

export const ORDER_STATUSES = ['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED'] as const;
/** `reason`: REJECTED only, shown to the guest (docs/PROTOCOL.md §5). */
export const OrderStatusUpdate = z.object({ idOrder: Id, status: z.enum(ORDER_STATUSES), reason: z.string().max(500).optional() });
export const OrderStatusQuery = z.object({ idOrder: Id });
export const OrderStatus = z.object({ idOrder: Id, status: z.enum(ORDER_STATUSES) });
export type OrderStatus = z.infer<typeof OrderStatus>;

export const GetResourcesRequest = z.object({ names: z.array(z.string()).optional() });
export const Resources = z.object({ resources: z.record(z.string(), z.unknown()) });

/** E-shop shapes: ours, kept here so they can be corrected in one place. */
export const ESHOP_ORDER_STATES = ['CREATED', 'PAID', 'CANCELLED', 'REFUNDED'] as const;
export const EshopOrder = z.object({
  id: Id,
  idMerchant: Id,
  amount: DecimalString,
  currency: Currency,
  description: z.string(),
  state: z.enum(ESHOP_ORDER_STATES),
});
export type EshopOrder = z.infer<typeof EshopOrder>;
export const EshopOrderCreate = z.object({
  id: Id.optional(),
  amount: DecimalString,
  currency: Currency,
  description: z.string().optional().default(''),
});
export const PaymentGatewayLink = z.object({ paymentUrl: z.string() });

/** A static link's state at the service (docs/PROTOCOL.md §4); `UNKNOWN` is ours, for any other text. */
export const STATIC_LINK_STATES = ['ACTIVE', 'PAID', 'EXPIRED', 'DELETED'] as const;
export type StaticLinkState = (typeof STATIC_LINK_STATES)[number] | 'UNKNOWN';
/** A payment made through a static link. */
export const StaticLinkPayment = z.object({
  id: Id,
  amount: DecimalString,
  time: z.string().refine((t) => Number.isFinite(Date.parse(t)), 'must be an ISO 8601 time'),
});
export type StaticLinkPayment = z.infer<typeof StaticLinkPayment>;

/**
 * Read tolerantly: an answer without a state is an older service's, whose link is active; a state
 * we do not know is UNKNOWN (never taken for paid); a payment entry we cannot read is left out.
 */
const LinkStateText = z
  .unknown()
  .optional()
  .transform((s): StaticLinkState => {
    if (s === undefined) return 'ACTIVE';
    return (STATIC_LINK_STATES as readonly unknown[]).includes(s) ? (s as StaticLinkState) : 'UNKNOWN';
  });
const LinkPayments = z
  .unknown()
  .optional()
  .transform((list): StaticLinkPayment[] =>
    Array.isArray(list)
      ? list.flatMap((p) => {
          const r = StaticLinkPayment.safeParse(p);
          return r.success ? [r.data] : [];
        })
      : [],
  );
export const StaticPaymentLink = z.object({
  id: Id,
  idMerchant: Id,
  amount: DecimalString.optional(),
  currency: Currency,
  description: z.string(),
  url: z.string(),
  state: LinkStateText,
  payments: LinkPayments,
});
export type StaticPaymentLink = z.infer<typeof StaticPaymentLink>;

/** Paths of the interface document. */
export const PATHS = {
  payment: (id: string) => `/api/v2/pos/payment/${encodeURIComponent(id)}`,
  capture: (id: string) => `/api/v2/pos/payment/${encodeURIComponent(id)}/capture`,
  provideReceipt: '/api/v2/pos/provide-payment-receipt',
  poll: '/api/v2/pos/poll',
  ws: '/api/v2/pos/ws',
  whoAmI: '/api/v2/pos/who-am-i',
  qr: '/api/v2/pos/qr',
  qrTable: (idTable: string) => `/api/v2/pos/qr/${encodeURIComponent(idTable)}`,
  qrImage: (code: string) => `/api/v2/pos/qr-image/${encodeURIComponent(code)}`,
  updateMenus: '/api/v2/pos/update-menus',
  uploadMenuItems: '/api/v2/pos/upload-menu-items',
  updateOrderStatus: (svc: string) => `/api/v2/pos/update-${svc}-order-status`,
  getOrderStatus: (svc: string) => `/api/v2/pos/get-${svc}-order-status`,
  getResources: '/api/v2/pos/get-resources',
  v4WhoAmI: '/api/v4/pos/who-am-i',
  v4Configure: '/api/v4/pos/configure',
  v4Reply: '/api/v4/pos/reply',
  v4GetPayment: '/api/v4/pos/get-payment',
} as const;

export const POLL_HOLD_MS = 25_000;
export const METHOD_CALL_TIMEOUT_MS = 15_000;
export const CANCEL_WINDOW_MS = 3 * 60 * 60 * 1000;
