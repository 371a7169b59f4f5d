import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { CommandResult, GuestOrderInput, GuestOrderResult, GuestPayInput, Language } from '../../../preload/contract.js';
import type { DemoPort, DemoSandbox } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import type { BillsStore, OrdersStore } from '../../store/index.js';
import { fail, ok } from '../../base/command-result.js';
import { createGuardedServer } from '../../base/http-guard/index.js';
import { placeDemoOrder, sandboxRefusal } from './demo-order.js';
import { demoListenHost, LOOPBACK, type InterfaceList } from './lan-address.js';
import { relabelDemo, seedDemo } from './seed-demo.js';

export interface DemoServiceOptions {
  /** The cashier's language when the demo restaurant is seeded (the settings'). */
  language?: () => Language;
  /** The machine's network interfaces (os.networkInterfaces); read when the sandbox starts. */
  interfaces?: () => InterfaceList;
  /** Whether IT asked for the guest pages on the LAN (settings' demoOnLan); read when it starts. Default: loopback only. */
  lan?: () => boolean;
  /** IT's choice of the LAN address (settings' demoLanAddress); '' = chosen from the interfaces. */
  lanAddress?: () => string;
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
  /** The cashier switched the language: the demo's own tables, menu and untouched bills follow (demo mode only). */
  relabel(language: Language): void;
  /** Closes the sandbox, if one runs. */
  stop(): Promise<void>;
}

/**
 * The embedded sandbox's lifecycle in demo mode: started (through the hosts' port) and the demo
 * restaurant seeded when the till enters demo mode, closed when it leaves it or stops. The sandbox
 * listens on loopback only. With IT's demoOnLan a second listener on the machine's LAN address
 * serves the guest's pages and nothing else (no control routes, Host checked, the local servers'
 * limits), and the QR codes point there so a trainee's phone on the same network opens them.
 */
export function createDemoService(port: DemoPort | undefined, store: BillsStore & OrdersStore, log: Logger, options: DemoServiceOptions = {}): DemoService {
  const language = options.language ?? (() => 'en' as const);
  const interfaces = options.interfaces ?? networkInterfaces;
  const lan = options.lan ?? (() => false);
  const lanAddress = options.lanAddress ?? (() => '');
  let sandbox: DemoSandbox | null = null;
  let lanServer: Server | null = null;
  return {
    /** Whether the host gave a way to run the demo (the session says DEMO_UNAVAILABLE otherwise). */
    available: port !== undefined,
    url: (): string | null => sandbox?.url ?? null,
    /** Brings the embedded sandbox up or down to match the mode; answers where to connect in demo mode. */
    async follow(demo: boolean): Promise<{ serviceUrl: string; apiKey: string } | null> {
      if (demo && !sandbox && port) {
        // Loopback unless asked: no other computer reaches it, and Windows raises no firewall prompt.
        const guests = lan() ? await listenForGuests(lanAddress() || demoListenHost(interfaces())) : null;
        lanServer = guests?.server ?? null;
        sandbox = await port({
          restaurantName: 'Bistro Demo',
          host: LOOPBACK,
          log: (line) => log.debug({ mod: 'sandbox' }, line),
          ...(guests ? { guestUrl: guests.url } : {}),
        });
        if (guests) guests.serve(sandbox.guestPages);
        log.info(
          { mod: 'demo', url: sandbox.url, ...(guests ? { guestUrl: guests.url } : {}) },
          guests ? 'demo sandbox started; phones on this network open its QR codes (guest pages only)' : 'demo sandbox started on this computer only',
        );
        seedDemo(store, language());
        relabelDemo(store, language());
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
    relabel(language: Language): void {
      if (sandbox) relabelDemo(store, language);
    },
    async stop(): Promise<void> {
      const closing = sandbox;
      const listener = lanServer;
      sandbox = null;
      lanServer = null;
      if (listener) {
        await new Promise<void>((resolve) => listener.close(() => resolve()));
        listener.closeAllConnections();
      }
      await closing?.close();
    },
  };
}

type GuestHandler = NonNullable<DemoSandbox['guestPages']>;

/**
 * The LAN listener: opened before the sandbox so its codes can carry this address; it answers 503
 * until the sandbox hands over its guest pages. Its Host must name the LAN address (DNS rebinding).
 * A LAN address that is loopback after all (no network) is not opened twice: null.
 */
async function listenForGuests(address: string): Promise<{ server: Server; url: string; serve(handler: GuestHandler): void } | null> {
  if (address === LOOPBACK) return null;
  let handler: GuestHandler | null = null;
  const hosts: string[] = [];
  const server = createGuardedServer(
    (req, res) => {
      if (handler) return handler(req, res);
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('starting');
    },
    { extraHosts: hosts, limits: { maxConnections: 64 } },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  hosts.push(`${address}:${port}`);
  return { server, url: `http://${address}:${port}`, serve: (h) => (handler = h) };
}
