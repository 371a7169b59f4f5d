import { z } from 'zod';
import { defineRoute, named, type Route } from '../base/http-route.js';
import type { PosApiStore } from '../features/bills/pos-api-contract.js';

const HealthResponse = named(
  'Health',
  z.object({
    connection: z.object({
      status: z.string().describe('connected, connecting, reconnecting, offline, stopped, rejected or conflict'),
      problem: z.string().nullable().describe('Why the till does not connect until someone acts (e.g. KEY_MISSING, SETTINGS_DAMAGED), else null'),
      restaurantName: z.string().nullable(),
    }),
    disk: z
      .object({
        lowSpace: z.boolean().describe('The data folder’s volume is below the low-space threshold (default 500 MB)'),
        freeBytes: z.number().int().min(0),
      })
      .nullable(),
    database: z
      .object({
        locked: z
          .boolean()
          .describe('Another program has held the bill database’s write lock for 30 s or more: payments and POS writes are refused (503) until it lets go'),
        since: z.string().nullable().describe('When the refused writes began (ISO 8601), else null'),
      })
      .nullable(),
  }),
  'How the till is: its connection to the payment service, the free space where it keeps the bills, and whether another program locks them',
);

const route = defineRoute<PosApiStore>();

/** For the POS's monitoring: the same facts the tray and the banner show. */
export const healthRoute: Route<PosApiStore> = route({
  method: 'GET',
  path: '/v1/health',
  summary: 'The till’s connection to the payment service and its free disk space',
  responses: { 200: { description: 'How the till is', body: HealthResponse } },
})((ctx) => ({ status: 200, body: ctx.health() }));
