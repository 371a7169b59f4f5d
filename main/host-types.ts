import type { CompanionApi, SettingsView, TransportKind } from '../preload/contract.js';
import type { Clock } from './clock.js';
import type { Logger } from './log.js';

/** Settings as stored (settings.json in the data directory): what the cashier sees, less the
 * secrets, plus two fields only integrators set. The API key is not in here. */
export type StoredSettings = Omit<SettingsView, 'apiKeyMasked' | 'posApiToken'> & {
  webhookHost: string;
  serviceName: string;
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
}

export interface CompanionOptions {
  dataDir: string;
  /** Overrides of the stored settings (command-line flags). */
  settings?: Partial<StoredSettings>;
  /** An API key given on the command line; otherwise the secret store's. */
  apiKey?: string;
  secrets?: SecretStore;
  shell?: ShellPorts;
  clock?: Clock;
  log?: Logger;
}

/** The running core: both the Electron shell and the headless host build one with createCompanion. */
export interface Companion {
  readonly api: CompanionApi;
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
