import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CommandResult, CompanionApi, ConnectionView, DatabaseView, DiskView, SettingsView, TransportKind } from '../../preload/contract.js';
import type { Clock } from './clock.js';
import type { Logger } from './log.js';

/** Settings as stored (settings.json in the data directory): what the cashier sees, less the
 * secrets, plus the fields only integrators set. The API key is not in here. */
export type StoredSettings = Omit<SettingsView, 'apiKeyMasked' | 'posApiTokenHint' | 'managerPinSet'> & {
  webhookHost: string;
  serviceName: string;
  /** The update feed (electron-updater, generic provider); empty: no updates. Set by IT, not in Settings. */
  updateUrl: string;
  /** Local "HH:MM-HH:MM" when an update may install by itself (main/updates/). Set by IT. */
  quietWindow: string;
  /** Demo mode's sandbox on the LAN, so trainees pay from a real phone; else loopback. Set by IT. */
  demoOnLan: boolean;
  /** The LAN demo's address when the machine has several networks; '' = chosen from its interfaces. Set by IT. */
  demoLanAddress: string;
  /**
   * Seconds after which a paid payment the main POS has not acknowledged (POST /v1/events/ack) is
   * "unsynced" in Needs attention; 0 never flags one. Set by IT.
   */
  unsyncedAfterSeconds: number;
  /** Waiters' phones: the staff listener on the LAN address. Off by default; a manager turns it on at the till. */
  staffPhones: boolean;
  /** The staff listener's LAN address when the machine has several networks; '' = chosen from its interfaces. Set by IT. */
  staffLanAddress: string;
  /** The staff listener's port: fixed, so a phone's home-screen icon keeps working. Set by IT. */
  staffPort: number;
};

/** Where the API key lives at rest: Electron safeStorage in the app, a plain file (with a warning) headless. */
export interface SecretStore {
  load(): string | null;
  save(apiKey: string | null): void;
  readonly encrypted: boolean;
}

/** What only the Electron shell can do; the core falls back to "not available here". */
export interface ShellPorts {
  printQrSheet?: CompanionApi['printQrSheet'];
  testPrint?: CompanionApi['testPrint'];
  listPrinters?: CompanionApi['listPrinters'];
  /** OS notification for a notice (the renderer plays the sound). */
  notify?: (title: string, body: string) => void;
  setLoginItem?: (startAtLogin: boolean, startHidden: boolean) => void;
  // Day report.
  /** Asks where to save a text file (a save dialog); path null when the cashier cancelled. */
  saveTextFile?: (input: { fileName: string; text: string; kind: 'csv' }) => Promise<CommandResult<{ path: string | null }>>;
  printDayReport?: CompanionApi['printDayReport'];
  /** Logs and diagnostics: a save dialog and the support zip; the OS file manager on the logs. */
  exportDiagnostics?: CompanionApi['exportDiagnostics'];
  openLogs?: CompanionApi['openLogs'];
  /** The kitchen ticket, printed like the QR sheet. */
  printTicket?: CompanionApi['printTicket'];
  // print.html?receipt=<paymentId> from a hidden window.
  printReceipt?: CompanionApi['printReceipt'];
  /** Payment links: the link's sheet printed from a hidden window. */
  printPaymentLink?: CompanionApi['printPaymentLink'];
}

/** A guest's payment in demo mode, as the embedded sandbox takes it (sandbox/ GuestPayRequest). */
export interface DemoGuestPay {
  idTable: string;
  idBill?: string | undefined;
  items?: { id: string; quantity: string }[] | undefined;
  tip?: string | undefined;
  outcome?: 'paid' | 'declined' | undefined;
}

/** A guest's order in demo mode, as the embedded sandbox takes it (sandbox/ GuestOrderRequest). */
export interface DemoGuestOrder {
  idTable?: string | undefined;
  pickupAt?: string | undefined;
  items: { id: string; quantity: string; note?: string | undefined }[];
  note?: string | undefined;
}

/** The running embedded sandbox, seen from the core: a subset of sandbox/'s Sandbox. */
export interface DemoSandbox {
  readonly url: string;
  readonly restaurant: { readonly apiKey: string };
  /** Only the guest's pages (a table's bill, its pay request): what the demo's LAN listener serves. */
  readonly guestPages: (req: IncomingMessage, res: ServerResponse) => void;
  guestPay(input: DemoGuestPay): Promise<{ payment: { id: string; state: string } }>;
  guestOrder(input: DemoGuestOrder): Promise<{
    idOrder: string;
    outcome: string;
    error?: { code: string; items?: string[] | undefined } | undefined;
    billId: string | null;
    total: string | null;
  }>;
  close(): Promise<void>;
}

/**
 * Demo mode is a port (docs/DESIGN.md): the hosts hand the core a way to start the embedded sandbox
 * (sandbox/'s startSandbox fits it), so the core never imports sandbox/. Without it, demo mode
 * stays offline with the session saying DEMO_UNAVAILABLE.
 */
export type DemoPort = (options: {
  restaurantName: string;
  log: (line: string) => void;
  /** Where it listens: loopback (the guest pages reach the LAN through the demo's own listener). */
  host: string;
  /** Off loopback, what its control routes require (x-sandbox-token): a random one per start. */
  controlToken?: string;
  /** With LAN demo: the origin of the listener that serves its guest pages; the QR codes point there. */
  guestUrl?: string;
}) => Promise<DemoSandbox>;

export interface CompanionOptions {
  dataDir: string;
  /** Overrides of the stored settings for this run (command-line flags); never written to settings.json. */
  settings?: Partial<StoredSettings> | undefined;
  /** An API key for this run (command line, key file, environment); otherwise the secret store's. Never stored. */
  apiKey?: string | undefined;
  secrets?: SecretStore | undefined;
  shell?: ShellPorts | undefined;
  /** Starts the embedded sandbox for demo mode (the hosts pass sandbox/'s startSandbox). */
  demo?: DemoPort | undefined;
  clock?: Clock | undefined;
  log?: Logger | undefined;
  /**
   * After a restore from Settings: the companion has stopped and the backup is in place (or the
   * restore failed: `error`, the old database untouched). The desktop app relaunches itself; the
   * headless host exits. Absent: the restore is offered as "start Tableside again".
   */
  onRestored?: ((outcome: { error?: unknown }) => void) | undefined;
  /** The host starts again by itself after onRestored (the desktop app). */
  restartsAfterRestore?: boolean | undefined;
  /**
   * The free-space watch of the data folder (main/app/disk-watch.ts): its threshold (default
   * 500 MB, or TABLESIDE_LOW_DISK_MB), how often it measures, and, for tests, the measurement.
   */
  disk?: { lowBytes?: number; intervalMs?: number; freeBytes?: (dir: string) => number } | undefined;
  /** The watch of another program's lock on the bill database (main/app/database-watch.ts); tests shorten it. */
  databaseLock?: { shownAfterMs?: number; intervalMs?: number } | undefined;
  /** The built renderer (dist/renderer) whose staff.html the waiters' phones load; absent: the staff listener serves no page. */
  staffStaticDir?: string | undefined;
  /** The waiters' phones' LAN listener's rate limits; tests lower them. */
  /** The staff listener's socket limits (main/base/http-guard); tests shorten them. */
  staffLimits?:
    Partial<{ maxConnections: number; idleTimeoutMs: number; firstByteTimeoutMs: number; headersTimeoutMs: number; requestTimeoutMs: number }> | undefined;
  staffRates?:
    Partial<{ pairPerAddress: number; pairOverall: number; failedProofsPerAddress: number; failedProofsOverall: number; windowMs: number }> | undefined;
}

/** The running core: both the Electron shell and the headless host build one with createCompanion. */
export interface Companion {
  readonly api: CompanionApi;
  /** The settings in force, read directly (no snapshot built to read one field). */
  readonly settings: Readonly<StoredSettings>;
  /** The session as the renderer sees it (status, problem, restaurant). */
  connection(): ConnectionView;
  /** Free space of the data folder's volume (low space is shown until it returns). */
  disk(): DiskView;
  /** Whether another program's lock on the bill database refuses the writes (shown until it lets go). */
  database(): DatabaseView;
  readonly demo: boolean;
  readonly transport: TransportKind;
  /** e.g. http://127.0.0.1:4100/v1 */
  readonly posApiUrl: string;
  readonly posApiToken: string;
  /** Embedded sandbox URL in demo mode, else null. */
  readonly sandboxUrl: string | null;
  /** Webhook receiver URL when the transport is webhook, else null. */
  readonly webhookUrl: string | null;
  start(): Promise<void>;
  /** Closes the session, the local API and the database (checkpointed). */
  stop(): Promise<void>;
  /** The machine woke from sleep: drop the link and connect again. */
  onResume(): void;
}
