import type { HealthFacts, PaymentLinkPort } from '../base/http-route.js';
import type { Logger } from '../base/log.js';
import type { PosApiStore } from '../features/bills/pos-api-contract.js';
import type { IdempotencyStore } from '../store/index.js';
import { loadOrCreateToken, regenerateToken, type PosApi } from '../adapters/pos-api/index.js';
import { startPosApi } from './pos-api.js';
import { portInUse } from '../base/startup-error.js';

export interface LocalApi {
  url: () => string;
  token: () => string;
  /** A new token, written to the data folder and taken by the running server at once. */
  regenerate(): void;
  /** Opens the new port before closing the old one: a taken port leaves the API where it was. */
  moveTo(next: number): Promise<void>;
  close: () => Promise<void>;
}

/** The local POS API for the restaurant's till software: its token, its port, a restart on a new port. */
export async function createLocalApi(
  dataDir: string,
  store: PosApiStore & IdempotencyStore,
  log: Logger,
  port: number,
  reports: { now: () => number; dayEndsAt: () => string; unsyncedAfterMs?: () => number },
  health: () => HealthFacts,
  paymentLinks?: PaymentLinkPort,
): Promise<LocalApi> {
  let token = loadOrCreateToken(dataDir);
  const listen = async (at: number): Promise<PosApi> => {
    try {
      // reports: the day report's "today", the dayEndsAt and unsyncedAfterSeconds settings, read per request.
      return await startPosApi({ store, host: '127.0.0.1', port: at, token, log, health, ...reports, ...(paymentLinks ? { paymentLinks } : {}) });
    } catch (e) {
      throw portInUse(e, 'posApi', at);
    }
  };
  let server = await listen(port);
  return {
    url: () => server.url,
    token: () => token,
    regenerate(): void {
      token = regenerateToken(dataDir);
      server.setToken(token);
    },
    /** Opens the new port before closing the old one: a taken port leaves the API where it was. */
    async moveTo(next: number): Promise<void> {
      const moved = await listen(next);
      await server.close();
      server = moved;
    },
    close: () => server.close(),
  };
}
