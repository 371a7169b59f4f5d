import type { Payment, Receipt } from '../../base/wire/index.js';

/** The menu and guest orders as the store hands them out (decimals canonical text, times ISO 8601 UTC). */

export interface MenuItemRecord {
  id: string;
  menuId: string;
  position: number;
  name: string;
  price: string;
  tags: string[];
  available: boolean;
  category: string | null;
  description: string | null;
}

export interface MenuRecord {
  id: string;
  name: string;
  items: MenuItemRecord[];
}

/** What PUT /v1/menu (and the demo) hands the store: docs/PROTOCOL.md §5 Menu[]. */
export interface MenuInput {
  id: string;
  name: string;
  items: { id: string; name: string; price: string; tags?: string[]; available?: boolean; category?: string | null; description?: string | null }[];
}

/** PATCH /v1/menu/items/{id}: only the fields given change. */
export interface MenuItemPatch {
  name?: string;
  price?: string;
  tags?: string[];
  available?: boolean;
  category?: string | null;
  description?: string | null;
}

export type DeliveryType = 'toBill' | 'toTable' | 'byCustomer';

/** Staff decisions (sent to the service) and the service's own endings. */
export const ORDER_STATES = ['NEW', 'ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED', 'CANCELLED'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** What the staff may set (and the service hears): everything but NEW and CANCELLED. */
export const STAFF_STATES = ['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

export interface OrderLine {
  /** The menu item id. */
  id: string;
  name: string;
  price: string;
  quantity: string;
  note: string | null;
}

export interface OrderRecord {
  id: string;
  currency: string;
  deliveryType: DeliveryType;
  tableId: string | null;
  billId: string | null;
  pickupAt: string | null;
  items: OrderLine[];
  note: string | null;
  customerName: string | null;
  total: string;
  status: OrderState;
  rejectReason: string | null;
  /** The service's word from orderClose (COMPLETED / CANCELLED), or null while open. */
  closedState: string | null;
  payment: Payment | null;
  receipt: Receipt | null;
  created: string;
  updated: string;
}

/** One order status still to be told to the service (the durable outbox). */
export interface StatusPush {
  seq: number;
  orderId: string;
  status: StaffState;
  reason: string | null;
  created: string;
}
