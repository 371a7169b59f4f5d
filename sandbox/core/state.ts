import type { EshopOrder, MenuItem, Payment, QrCode, Receipt, StaticPaymentLink } from '../../main/base/wire/index.js';
import type { ServiceOrder } from './order-records.js';

/** In-memory records of the sandbox. Everything is lost when the process ends, by design. */
export interface Restaurant {
  id: string;
  name: string;
  apiKey: string;
  /** The first Pos-Id seen; kept for display in /sandbox/state only (any UUID is accepted). */
  firstPosId: string | null;
  qr: Map<string, QrCode>;
  /** The last menus the POS pushed with update-menus (what guests order from). */
  menus: { id: string; name: string; items: MenuItem[] }[];
  /** Items sent with upload-menu-items since that push, by id: they override the menus' items of the same id. */
  menuItems: MenuItem[];
  /** Orders by id: the staff statuses received, and the guest's side for orders a simulated guest placed. */
  orders: Map<string, ServiceOrder>;
  eshopOrders: Map<string, EshopOrder>;
  staticLinks: Map<string, StaticPaymentLink>;
}

export interface PaymentRecord {
  restaurantId: string;
  /** Sandbox clock ms at creation: the 3-hour cancellation window counts from here. */
  created: number;
  payment: Payment;
  receipts: Receipt[];
  /** A captureMode "manual" payment whose paymentProcessed succeeded: the capture endpoint may complete it. */
  authorized: boolean;
  /** paymentProcessed answered a POSTPONED receipt: the POS provides the fiscal one later. */
  postponed?: boolean;
  /** The fiscal receipt the POS provided (provide-payment-receipt) or answered to getPostponedReceipt. */
  providedReceipt?: Receipt | null;
}

export interface Counters {
  callsSent: number;
  responsesReceived: number;
  callsFailed: number;
  polls: number;
  wsConnections: number;
  framesFromPos: number;
  badFramesFromPos: number;
  /** update-menus and upload-menu-items the service accepted (the menu-push bench checks one push per change). */
  menuPushes: number;
}

export class SandboxState {
  readonly restaurants = new Map<string, Restaurant>();
  readonly byApiKey = new Map<string, Restaurant>();
  readonly payments = new Map<string, PaymentRecord>();
  /** QR code -> owner, so /qr-image and /t/<code> resolve without scanning every restaurant. */
  readonly qrCodes = new Map<string, { restaurantId: string; idTable: string }>();
  readonly counters: Counters = {
    callsSent: 0,
    responsesReceived: 0,
    callsFailed: 0,
    polls: 0,
    wsConnections: 0,
    framesFromPos: 0,
    badFramesFromPos: 0,
    menuPushes: 0,
  };

  addRestaurant(id: string, name: string, apiKey: string): Restaurant {
    if (this.byApiKey.has(apiKey)) throw new Error('apiKey: a restaurant with this API key already exists');
    const r: Restaurant = {
      id,
      name,
      apiKey,
      firstPosId: null,
      qr: new Map(),
      menus: [],
      menuItems: [],
      orders: new Map(),
      eshopOrders: new Map(),
      staticLinks: new Map(),
    };
    this.restaurants.set(id, r);
    this.byApiKey.set(apiKey, r);
    return r;
  }
}
