import type { CommandName, CompanionApi, CompanionEvent, ConnectionView, SettingsView, Snapshot } from '../../preload/contract.js';
import { commandRecord, EVENT_TYPES } from '../../preload/names.js';

/**
 * A CompanionApi for the bridge tests written in the test: it answers every command with
 * ok + the input it received, records the calls and can push events. The integration test with
 * the real core (createCompanion in demo mode) covers the real answers.
 */
export interface RecordingApi extends CompanionApi {
  readonly calls: { name: CommandName; input: unknown }[];
  listenerCount(): number;
  /** The event types some listener asked for (every type when one asked for all). */
  listenerTypes(): string[];
  emit(event: CompanionEvent): void;
}

const session: ConnectionView = {
  status: 'connected',
  transport: 'ws',
  since: 0,
  lastMessageAt: null,
  rttMs: 12,
  attempt: 0,
  nextTryAt: null,
  sentence: 'Connected.',
  restaurantName: 'Bistro',
};

const settings: SettingsView = {
  environment: 'demo',
  serviceUrl: 'http://127.0.0.1:1',
  apiKeyMasked: null,
  posId: '00000000-0000-4000-8000-000000000000',
  transport: 'ws',
  webhookPort: 0,
  webhookPublicUrl: '',
  printer: null,
  language: 'en',
  sound: true,
  startAtLogin: false,
  startHidden: false,
  posApiPort: 0,
  dayEndsAt: '04:00',
  reminderSeconds: 60,
  posApiTokenHint: 'oken',
  autoCloseBills: true,
  receiptMode: 'QERKO_GENERATED',
  updateChannel: 'stable',
  managerPinSet: false,
  tableDensity: 'compact',
};

export const SNAPSHOT: Snapshot = {
  demo: true,
  staff: { enabled: false, address: null, problem: null, devices: [] },
  connection: session,
  restaurantName: 'Bistro',
  tables: [
    {
      id: 't1',
      name: 'Table 1',
      area: null,
      state: 'free',
      due: '0',
      currency: null,
      openBillIds: [],
      order: 1,
      position: null,
      lastPaid: null,
      lockedSince: null,
      awaitingCapture: false,
    },
  ],
  bills: [],
  payments: [],
  notices: [],
  menu: [],
  settings,
  orders: [],
  ordersPaused: false,
  seq: 7,
  logsDir: '/data/tableside/logs',
  attention: [],
  disk: { lowSpace: false, freeBytes: 10 * 1024 ** 3 },
  database: { locked: false, since: null },
};

export function recordingApi(): RecordingApi {
  const calls: { name: CommandName; input: unknown }[] = [];
  // Each listener with the types it asked for (null: all), delivered only those, as the core does.
  const listeners = new Map<(event: CompanionEvent) => void, readonly string[] | null>();
  const echo =
    (name: CommandName) =>
    async (input?: unknown): Promise<{ ok: true; value: never }> => {
      calls.push({ name, input });
      return { ok: true, value: { echoed: input ?? null } as never };
    };
  return {
    calls,
    listenerCount: () => listeners.size,
    listenerTypes: () => [...new Set([...listeners.values()].flatMap((types) => types ?? EVENT_TYPES))].sort(),
    emit: (event) => [...listeners].forEach(([l, types]) => (types === null || types.includes(event.type)) && l(event)),
    getSnapshot: async () => SNAPSHOT,
    onEvent(listener, types) {
      listeners.set(listener, types ?? null);
      return () => listeners.delete(listener);
    },
    ...(commandRecord(echo) as { [K in CommandName]: CompanionApi[K] }),
  };
}
