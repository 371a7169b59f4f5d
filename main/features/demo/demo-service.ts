import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { CommandResult, GuestOrderInput, GuestOrderResult, GuestPayInput, Language } from '../../../preload/contract.js';
import type { DemoPort, DemoSandbox } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import type { BillsStore, OrdersStore } from '../../store/index.js';
import { fail, ok } from '../../base/command-result.js';
import { placeDemoOrder, sandboxRefusal } from './demo-order.js';
import { demoListenHost, LOOPBACK, type InterfaceList } from './lan-address.js';
import { seedDemo } from './seed-demo.js';

export interface DemoServiceOptions {
  /** The cashier's language when the demo restaurant is seeded (the settings'). */
  language?: () => Language;
  /** The machine's network interfaces (os.networkInterfaces); read when the sandbox starts. */
  interfaces?: () => InterfaceList;
  /** Whether IT asked for the sandbox on the LAN (settings' demoOnLan); read when it starts. Default: loopback. */
  lan?: () => boolean;
}

export interface DemoService {
  /** Whether the host gave a way to run the demo (the session says DEMO_UNAVAILABLE otherwise). */
  available: boolean;
  /** The running sandbox's URL, else null. */
  url: () => string | null;
  /** Brings the embedded sandbox up or down to match the mode; answers where to connect in demo mode. */
  follow(demo: boolean): Promise<{ serviceUrl: string; apiKey: string } | null>;
  /** Pays at a table as a guest would, on the sandbox (DEMO_ONLY outside demo mode). */
  guestPay(input: GuestPayInput): Promise<CommandResult<{ paymentId: string; state: string }>>;
  /** A guest orders from the menu: to a table's bill or for pickup. */
  placeOrder(input: GuestOrderInput): Promise<CommandResult<GuestOrderResult>>;
  /** Closes the sandbox, if one runs. */
  stop(): Promise<void>;
}

/**
 * The embedded sandbox's lifecycle in demo mode: started (through the hosts' port) and the demo
 * restaurant seeded when the till enters demo mode, closed when it leaves it or stops. The sandbox
 * listens on loopback; with IT's demoOnLan, on the machine's LAN address, so its QR codes open on
 * a phone on the same network, and its control routes then need a token made for this start.
 */
export function createDemoService(port: DemoPort | undefined, store: BillsStore & OrdersStore, log: Logger, options: DemoServiceOptions = {}): DemoService {
  const language = options.language ?? (() => 'en' as const);
  const interfaces = options.interfaces ?? networkInterfaces;
  const lan = options.lan ?? (() => false);
  let sandbox: DemoSandbox | null = null;
  return {
    /** Whether the host gave a way to run the demo (the session says DEMO_UNAVAILABLE otherwise). */
    available: port !== undefined,
    url: (): string | null => sandbox?.url ?? null,
    /** Brings the embedded sandbox up or down to match the mode; answers where to connect in demo mode. */
    async follow(demo: boolean): Promise<{ serviceUrl: string; apiKey: string } | null> {
      if (demo && !sandbox && port) {
        // Loopback unless asked: no other computer reaches it, and Windows raises no firewall prompt.
        const host = lan() ? demoListenHost(interfaces()) : LOOPBACK;
        const controlToken = host === LOOPBACK ? undefined : randomBytes(24).toString('base64url');
        sandbox = await port({
          restaurantName: 'Bistro Demo',
          host,
          log: (line) => log.debug({ mod: 'sandbox' }, line),
          ...(controlToken ? { controlToken } : {}),
        });
        log.info(
          { mod: 'demo', url: sandbox.url },
          host === LOOPBACK ? 'demo sandbox started on this computer only' : 'demo sandbox started; phones on this network open its QR codes',
        );
        seedDemo(store, language());
      }
      if (!demo && sandbox) await this.stop();
      return sandbox ? { serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey } : null;
    },
    async guestPay(input: GuestPayInput): Promise<CommandResult<{ paymentId: string; state: string }>> {
      if (!sandbox) return fail('DEMO_ONLY');
      try {
        const result = await sandbox.guestPay({
          idTable: input.tableId,
          idBill: input.billId,
          items: input.items,
          tip: input.tip,
          outcome: input.outcome ?? 'paid',
        });
        return ok({ paymentId: result.payment.id, state: result.payment.state });
      } catch (e) {
        // The sandbox's refusals (nothing to pay, no open bill, no POS connection) are ordinary
        // situations: their code goes to the renderer, with the table's name.
        const refusal = sandboxRefusal(e);
        if (!refusal) throw e;
        const table = store.getTable(input.tableId);
        return fail(refusal.code, table ? { table: table.name } : {});
      }
    },
    /** A guest orders from the menu: to a table's bill or for pickup. */
    placeOrder(input: GuestOrderInput): Promise<CommandResult<GuestOrderResult>> {
      return placeDemoOrder(sandbox, store, input);
    },
    async stop(): Promise<void> {
      const closing = sandbox;
      sandbox = null;
      await closing?.close();
    },
  };
}
