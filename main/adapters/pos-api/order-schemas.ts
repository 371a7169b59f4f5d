import { z } from 'zod';
import { MAX_MENU_ITEMS, ORDER_STATES, STAFF_STATES } from '../../store/index.js';
import { Id } from '../../base/wire/index.js';
import { Price } from './schemas.js';

/** Bodies and queries of the menu and order endpoints (issue 14). Unknown fields are dropped. */

const Tags = z.array(z.string().max(100)).max(50);

export const MenuItemInput = z.object({
  id: Id,
  name: z.string().min(1, 'must not be empty').max(500),
  price: Price,
  tags: Tags.optional(),
  available: z.boolean().optional(),
  category: z.string().max(200).nullable().optional(),
  description: z.string().max(2000).nullable().optional(),
});

export const MenuInput = z.object({
  menus: z
    .array(z.object({ id: Id, name: z.string().min(1, 'must not be empty').max(200), items: z.array(MenuItemInput) }))
    .max(500)
    .superRefine((menus, ctx) => {
      const count = menus.reduce((n, m) => n + m.items.length, 0);
      if (count > MAX_MENU_ITEMS) {
        ctx.addIssue({ code: 'custom', message: `${count} items in all; the service takes at most ${MAX_MENU_ITEMS}: remove or merge items and send again` });
      }
    }),
});

export const MenuItemPatchInput = z
  .object({
    name: z.string().min(1, 'must not be empty').max(500).optional(),
    price: Price.optional(),
    tags: Tags.optional(),
    available: z.boolean().optional(),
    category: z.string().max(200).nullable().optional(),
    description: z.string().max(2000).nullable().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'name at least one field to change: name, price, tags, available, category, description');

export const OrdersQuery = z.object({ status: z.enum(ORDER_STATES).optional() });

export const OrderStatusInput = z
  .object({ status: z.enum(STAFF_STATES), reason: z.string().trim().max(500).optional() })
  .refine((b) => b.status !== 'REJECTED' || (b.reason ?? '') !== '', { message: 'a rejected order needs a reason the guest will see', path: ['reason'] });

export const OrderingInput = z.object({ paused: z.boolean() });
