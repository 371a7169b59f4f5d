import type { CommandApi } from '../../preload/commands.js';
import type { ConnectionView, DatabaseView, DiskView, Snapshot } from '../../preload/views.js';
import type { Feature } from '../base/feature.js';
import type { ShellPorts } from '../base/host-types.js';
import type { Logger } from '../base/log.js';
import { attempt, fail, ok } from '../base/command-result.js';
import { attentionFeature } from '../features/attention/feature.js';
import { backupsFeature } from '../features/backups/feature.js';
import { billsFeature } from '../features/bills/feature.js';
import type { PosApiStore } from '../features/bills/pos-api-contract.js';
import { demoFeature } from '../features/demo/feature.js';
import { ordersFeature } from '../features/orders/feature.js';
import { paymentLinksFeature } from '../features/payment-links/feature.js';
import { paymentsFeature } from '../features/payments/feature.js';
import { receiptsFeature } from '../features/receipts/feature.js';
import { reportsFeature } from '../features/reports/feature.js';
import { settingsFeature } from '../features/settings/feature.js';
import { staffFeature } from '../features/staff/feature.js';
import { healthRoute } from './health-route.js';

interface AppDeps {
  log: Logger;
  shell: ShellPorts;
  connection(): ConnectionView;
  reconnect(): void;
  /** Free space of the data folder's volume (disk-watch.ts). */
  disk(): DiskView;
  /** Whether another program's lock on the bill database refuses the writes (database-watch.ts). */
  database(): DatabaseView;
  /** Where the log files are (Settings → Logs and diagnostics shows it). */
  logsDir: string;
}

const DESKTOP_ONLY = fail<never>('UNSUPPORTED', { reason: 'downloads' });

/** The connection to the service: its state on screen, and the cashier's "try again now". */
const connectionFeature = {
  name: 'connection',
  commands: ({ log, reconnect }: AppDeps) => ({
    reconnect: () =>
      attempt(log, 'reconnect', () => {
        reconnect();
        return ok(null);
      }),
  }),
  snapshot: ({ connection }: AppDeps) => {
    const view = connection();
    return { connection: view, restaurantName: view.restaurantName };
  },
} satisfies Feature<AppDeps>;

/** Logs and diagnostics (the desktop app's save dialog and file manager; a browser downloads them from the UI server), the disk's free space and the database's lock. */
const diagnosticsFeature = {
  name: 'diagnostics',
  commands: ({ shell }: AppDeps) => ({
    exportDiagnostics: () => shell.exportDiagnostics?.() ?? Promise.resolve(DESKTOP_ONLY),
    openLogs: () => shell.openLogs?.() ?? Promise.resolve(DESKTOP_ONLY),
  }),
  snapshot: ({ logsDir, disk, database }: AppDeps) => ({ logsDir, disk: disk(), database: database() }),
  routes: [healthRoute],
} satisfies Feature<AppDeps, PosApiStore>;

/** Every feature of the till: the UI bridge and the POS API are both made from this list, and nothing else. */
export const FEATURES = [
  billsFeature,
  paymentsFeature,
  reportsFeature,
  ordersFeature,
  attentionFeature,
  receiptsFeature,
  paymentLinksFeature,
  settingsFeature,
  backupsFeature,
  demoFeature,
  staffFeature,
  connectionFeature,
  diagnosticsFeature,
] as const;

type Each = (typeof FEATURES)[number];
type Joined<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type CtxOf<F> = F extends { commands: (ctx: infer C) => unknown } ? C : never;
type SnapshotCtxOf<F> = F extends { snapshot: (ctx: infer C) => unknown } ? C : never;
type CommandsOf<F> = F extends { commands: (ctx: never) => infer R } ? R : never;
type SnapshotOf<F> = F extends { snapshot: (ctx: never) => infer R } ? R : never;

/** What the root hands every feature: the union of what each one asks for. */
export type FeatureContext = Joined<CtxOf<Each>> & Joined<SnapshotCtxOf<Each>>;

// A command or snapshot field that no record serves is a type error here, naming it.
type MissingCommands = Exclude<keyof CommandApi, keyof Joined<CommandsOf<Each>>>;
type MissingSnapshot = Exclude<keyof Snapshot, 'seq' | keyof Joined<SnapshotOf<Each>>>;
export const EVERY_COMMAND_SERVED: [MissingCommands] extends [never] ? true : MissingCommands = true;
export const EVERY_SNAPSHOT_FIELD_SERVED: [MissingSnapshot] extends [never] ? true : MissingSnapshot = true;

/** The records as the bridge takes them: each one's context is a part of FeatureContext. */
export const UI_FEATURES: readonly Feature<FeatureContext, PosApiStore>[] = FEATURES;

/** The local POS API's routes: each feature's own list, in the records' order. */
export const FEATURE_ROUTES = FEATURES.flatMap((f) => ('routes' in f ? [f.routes] : []));
