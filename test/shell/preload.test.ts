import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanionApi, CompanionEvent, PageLink } from '../../preload/contract.js';
import { EVENT_CHANNEL, SHOWN_CHANNEL, SNAPSHOT_CHANNEL, commandChannel } from '../../preload/channels.js';
import { COMMAND_NAMES } from '../../preload/names.js';

// Electron replaced (allowed): contextBridge captures what the preload exposes, ipcRenderer records use.
const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as { channel: string; input: unknown }[],
  listeners: new Map<string, Set<(event: unknown, payload: unknown) => void>>(),
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => electron.exposed.set(key, value) },
  ipcRenderer: {
    invoke: async (channel: string, input?: unknown) => {
      electron.invoked.push({ channel, input });
      return { ok: true, value: channel };
    },
    on: (channel: string, fn: (event: unknown, payload: unknown) => void) => {
      const set = electron.listeners.get(channel) ?? new Set();
      set.add(fn);
      electron.listeners.set(channel, set);
    },
    removeListener: (channel: string, fn: (event: unknown, payload: unknown) => void) => electron.listeners.get(channel)?.delete(fn),
  },
}));

let api: CompanionApi & PageLink;
beforeAll(async () => {
  await import('../../preload/preload.js');
  api = electron.exposed.get('companion') as CompanionApi & PageLink;
});

describe('preload', () => {
  it('exposes only window.companion, with exactly the CompanionApi verbs and setShown for the page', () => {
    expect([...electron.exposed.keys()]).toEqual(['companion']);
    expect(Object.keys(api).sort()).toEqual(['getSnapshot', 'onEvent', 'setShown', ...COMMAND_NAMES].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('sends each command on its own named channel with its input', async () => {
    electron.invoked.length = 0;
    for (const name of COMMAND_NAMES) {
      const call = api[name] as (input?: unknown) => Promise<unknown>;
      expect(await call({ probe: name })).toEqual({ ok: true, value: commandChannel(name) });
    }
    expect(electron.invoked).toEqual(COMMAND_NAMES.map((name) => ({ channel: commandChannel(name), input: { probe: name } })));
    await api.getSnapshot();
    expect(electron.invoked.at(-1)?.channel).toBe(SNAPSHOT_CHANNEL);
    await api.setShown(false);
    expect(electron.invoked.at(-1)).toEqual({ channel: SHOWN_CHANNEL, input: false });
    // Only a boolean crosses, whatever the page passes.
    await (api.setShown as (shown: unknown) => Promise<void>)('yes');
    expect(electron.invoked.at(-1)).toEqual({ channel: SHOWN_CHANNEL, input: false });
  });

  it('delivers only the event payload and unsubscribes with removeListener', () => {
    const seen: CompanionEvent[] = [];
    const unsubscribe = api.onEvent((event) => seen.push(event));
    const event: CompanionEvent = { type: 'table-removed', seq: 1, tableId: 't1' };
    for (const fn of electron.listeners.get(EVENT_CHANNEL) ?? []) fn({ sender: 'must not leak' }, event);
    expect(seen).toEqual([event]);
    unsubscribe();
    expect(electron.listeners.get(EVENT_CHANNEL)?.size).toBe(0);
  });
});
