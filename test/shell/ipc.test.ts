import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { EVENT_CHANNEL, SHOWN_CHANNEL, SNAPSHOT_CHANNEL, commandChannel } from '../../preload/channels.js';
import { silentLogger } from '../../main/base/log.js';
import { COMMAND_NAMES } from '../../preload/names.js';
import { recordingApi, SNAPSHOT, type RecordingApi } from '../ui-server/recording-api.js';

// Electron itself is the one thing replaced (there is no Electron binary here): ipcMain records handlers.
const electron = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown, input?: unknown) => unknown>() }));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, input?: unknown) => unknown) => {
      if (electron.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      electron.handlers.set(channel, fn);
    },
    removeHandler: (channel: string) => electron.handlers.delete(channel),
  },
}));

const { registerIpc } = await import('../../main/shell/ipc.js');

const rendererDir = path.resolve('/app/dist/renderer');
const origins = { rendererDir, devUrl: null };
const ourFrame = { senderFrame: { url: pathToFileURL(path.join(rendererDir, 'index.html')).href } };
const printFrame = { senderFrame: { url: `${pathToFileURL(path.join(rendererDir, 'print.html')).href}?tables=t1` } };
const foreignFrame = { senderFrame: { url: 'https://evil.example/' } };

let api: RecordingApi;
let dispose: () => void;
const sent: { channel: string; payload: unknown }[] = [];
const target = { id: 1, isDestroyed: () => false, send: (channel: string, payload: unknown) => sent.push({ channel, payload }) };

beforeEach(() => {
  api = recordingApi();
  sent.length = 0;
  dispose = registerIpc({ api, origins, log: silentLogger(), eventTargets: () => [target as never] });
});
afterEach(() => dispose());

const invoke = (channel: string, event: unknown, input?: unknown) => {
  const handler = electron.handlers.get(channel);
  if (handler === undefined) throw new Error(`no handler for ${channel}`);
  return handler(event, input);
};

describe('IPC handlers', () => {
  it('registers one handler per command plus the snapshot and the page shown state, and removes them all', () => {
    expect([...electron.handlers.keys()].sort()).toEqual([...COMMAND_NAMES.map(commandChannel), SNAPSHOT_CHANNEL, SHOWN_CHANNEL].sort());
    dispose();
    expect(electron.handlers.size).toBe(0);
    dispose = () => undefined;
  });

  it('runs a command from our page with validated input, unknown fields dropped', async () => {
    const result = await invoke(commandChannel('openBill'), ourFrame, { tableId: 't1', currency: 'CZK', sneaky: 1 });
    expect(result).toEqual({ ok: true, value: { echoed: { tableId: 't1', currency: 'CZK' } } });
    expect(api.calls).toEqual([{ name: 'openBill', input: { tableId: 't1', currency: 'CZK' } }]);
  });

  it('serves the print sheet, which uses the same preload', async () => {
    expect(await invoke(SNAPSHOT_CHANNEL, printFrame)).toEqual(SNAPSHOT);
    expect(await invoke(commandChannel('listQrCodes'), printFrame)).toEqual({ ok: true, value: { echoed: null } });
  });

  it('refuses frames that are not our pages, and frames already gone', async () => {
    for (const event of [foreignFrame, { senderFrame: null }]) {
      const result = await invoke(commandChannel('reconnect'), event);
      expect(result).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'This page may not control Tableside. Restart the app.' } });
      expect(() => invoke(SNAPSHOT_CHANNEL, event)).toThrow('This page may not control Tableside');
    }
    expect(api.calls).toEqual([]);
  });

  it('answers bad input with an error naming the field, without calling the core', async () => {
    const result = await invoke(commandChannel('printQrSheet'), ourFrame, { tableIds: [], mode: 'fax' });
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', params: { field: 'tableIds', fields: 'tableIds, mode' }, action: 'printQrSheet' } });
    expect(await invoke(commandChannel('guestPay'), ourFrame, 'not an object')).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(api.calls).toEqual([]);
  });

  it('sends a window that says it is hidden no views, and stops asking the core for them; shown again, it gets them', () => {
    const table = { type: 'table', seq: 1, table: { id: 't1' } } as unknown as CompanionEvent;
    const notice = { type: 'notice', seq: 2, notice: { id: 'n1' } } as unknown as CompanionEvent;
    // Another webContents object for the same window, as Electron may hand over: the id names it.
    invoke(SHOWN_CHANNEL, { ...ourFrame, sender: { ...target } }, false);
    expect(api.listenerTypes()).not.toContain('table');
    expect(api.listenerTypes()).toContain('notice');
    api.emit(table);
    api.emit(notice);
    expect(sent.map((s) => (s.payload as CompanionEvent).type)).toEqual(['notice']);
    // Not a boolean, or not our page: nothing changes.
    invoke(SHOWN_CHANNEL, { ...ourFrame, sender: target }, 'yes');
    invoke(SHOWN_CHANNEL, { ...foreignFrame, sender: target }, true);
    expect(api.listenerTypes()).not.toContain('table');
    invoke(SHOWN_CHANNEL, { ...ourFrame, sender: target }, true);
    expect(api.listenerTypes()).toContain('table');
    api.emit(table);
    expect(sent.map((s) => (s.payload as CompanionEvent).type)).toEqual(['notice', 'table']);
    expect(api.listenerCount()).toBe(1);
  });

  it("never asks the core for bills' views: the window reads the bills it shows", () => {
    expect(api.listenerTypes()).toContain('table');
    expect(api.listenerTypes()).not.toContain('bill');
  });

  it('forwards core events to the windows and stops when disposed', () => {
    const event: CompanionEvent = { type: 'table-removed', seq: 9, tableId: 't1' };
    api.emit(event);
    expect(sent).toEqual([{ channel: EVENT_CHANNEL, payload: event }]);
    dispose();
    dispose = () => undefined;
    api.emit(event);
    expect(sent).toHaveLength(1);
    expect(api.listenerCount()).toBe(0);
  });
});
