import type { CommandName, CompanionApi, CompanionEvent, SessionView, SettingsView, Snapshot } from '../../preload/contract.js';
import { commandRecord } from '../../preload/names.js';

/**
 * A CompanionApi for the bridge tests written in the test: it answers every command with
 * ok + the input it received, records the calls and can push events. The integration test with
 * the real core (createCompanion in demo mode) covers the real answers.
 */
export interface RecordingApi extends CompanionApi {
  readonly calls: { name: CommandName; input: unknown }[];
  listenerCount(): number;
  emit(event: CompanionEvent): void;
}

const session: SessionView = {
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
  posApiToken: 'not-a-real-token',
  autoCloseBills: true,
  receiptMode: 'QERKO_GENERATED',
  managerPinSet: false,
};

export const SNAPSHOT: Snapshot = {
  demo: true,
  session,
  restaurantName: 'Bistro',
  tables: [{ id: 't1', name: 'Table 1', area: null, state: 'free', due: '0', currency: null, openBillIds: [], order: 1, position: null, lastPaid: null, lockedSince: null, awaitingCapture: false }],
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
};

export function recordingApi(): RecordingApi {
  const calls: { name: CommandName; input: unknown }[] = [];
  const listeners = new Set<(event: CompanionEvent) => void>();
  const echo =
    (name: CommandName) =>
    async (input?: unknown): Promise<{ ok: true; value: never }> => {
      calls.push({ name, input });
      return { ok: true, value: { echoed: input ?? null } as never };
    };
  return {
    calls,
    listenerCount: () => listeners.size,
    emit: (event) => listeners.forEach((l) => l(event)),
    getSnapshot: async () => SNAPSHOT,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ...(commandRecord(echo) as { [K in CommandName]: CompanionApi[K] }),
  };
}
