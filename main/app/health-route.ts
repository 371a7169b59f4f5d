import { z } from 'zod';
import { defineRoute, named, type Route } from '../base/http-route.js';
import type { PosApiStore } from '../features/bills/pos-api-contract.js';
import { posSyncFacts } from '../features/attention/index.js';

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
    pos: z
      .object({
        cursor: z.number().int().nullable().describe('The last event the POS acknowledged (POST /v1/events/ack); null while it never did'),
        lastSeq: z.number().int().describe('The last event in the log'),
        behind: z.number().int().min(0).describe('Events not acknowledged yet: lastSeq − cursor'),
        lastAckAt: z.string().nullable().describe('When the cursor last moved forward (ISO 8601 UTC)'),
        oldestUnsyncedSeconds: z
          .number()
          .int()
          .min(0)
          .nullable()
          .describe('Age in seconds of the oldest paid payment the POS has not acknowledged (paid since its first acknowledgement); null when none'),
      })
      .describe('How far behind the POS is in the event log'),
  }),
  'How the till is: its connection to the payment service, the free space where it keeps the bills, and whether another program locks them, and how far behind the POS reads',
);

const route = defineRoute<PosApiStore>();

/** For the POS's monitoring: the same facts the tray and the banner show, and the POS's own lag. */
export const healthRoute: Route<PosApiStore> = route({
  method: 'GET',
  path: '/v1/health',
  summary: 'The till’s connection to the payment service, its free disk space, and how far behind the POS is',
  responses: { 200: { description: 'How the till is', body: HealthResponse } },
})((ctx) => ({ status: 200, body: { ...ctx.health(), pos: posSyncFacts(ctx.store, ctx.reports.now) } }));
