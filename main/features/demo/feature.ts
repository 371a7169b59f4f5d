import type { Feature } from '../../base/feature.js';
import type { Logger } from '../../base/log.js';
import { attempt, fail } from '../../base/command-result.js';
import type { DemoService } from './demo-service.js';

export interface DemoFeatureDeps {
  log: Logger;
  isDemo(): boolean;
  /** The demo guests; null where the host runs none. */
  guests: Pick<DemoService, 'guestPay' | 'placeOrder'> | null;
}

/** Demo mode: a guest pays or orders on the embedded sandbox, for training. */
export const demoFeature = {
  name: 'demo',
  commands: ({ log, guests }: DemoFeatureDeps) => ({
    guestPay: (input: Parameters<DemoService['guestPay']>[0]) =>
      guests ? attempt(log, 'guestPay', () => guests.guestPay(input)) : Promise.resolve(fail<never>('DEMO_ONLY')),
    guestOrder: (input: Parameters<DemoService['placeOrder']>[0]) =>
      guests ? attempt(log, 'guestOrder', () => guests.placeOrder(input)) : Promise.resolve(fail<never>('DEMO_ONLY')),
  }),
  snapshot: ({ isDemo }: DemoFeatureDeps) => ({ demo: isDemo() }),
} satisfies Feature<DemoFeatureDeps>;
