import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import type { CompanionApi, CompanionEvent } from '../../preload/contract.js';
import { COMMAND_NAMES } from '../../preload/names.js';
import { silentLogger } from '../../main/base/log.js';
import { startUiServer, type UiServer } from '../../main/adapters/ui-server/index.js';
import { cookieFrom, rawRequest } from './raw-http.js';
import { recordingApi, SNAPSHOT, type RecordingApi } from './recording-api.js';
import { waitFor } from './wait-for.js';

type Bridge = CompanionApi & { close(): void };
type Warn = (what: string, detail: Record<string, unknown>) => void;
interface RendererBridgeModules {
  createWsBridge(options: { url: string; warn: Warn }): Bridge;
  bridgeUrl(location: { protocol: string; host: string }): string;
}

// The renderer's modules are compiled against the DOM (tsconfig.renderer.json), not Node's types:
// loaded by path at run time (vitest transforms them) so this project's typecheck leaves them out.
async function rendererBridge(): Promise<RendererBridgeModules> {
  const dirOf = (name: string) => new URL(`../../renderer/src/bridge/${name}`, import.meta.url).href;
  const [bridgeModule, protocolModule] = await Promise.all([import(dirOf('ws-bridge.ts')), import(dirOf('ws-protocol.ts'))]);
  return { createWsBridge: bridgeModule.createWsBridge, bridgeUrl: protocolModule.bridgeUrl };
}

/**
 * The renderer's browser-mode bridge (renderer/src/bridge) against the real UI server over a real
 * socket: the page's WebSocket is played by `ws` with the headers a browser adds on its own (the
 * cookie from the token exchange and the page's Origin), nothing else is replaced.
 */

let dir: string;
let api: RecordingApi;
let server: UiServer;
let bridge: Bridge;
let opened: string[] = [];
const warnings: { what: string; detail: Record<string, unknown> }[] = [];
const realWebSocket = globalThis.WebSocket;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-ui-page-'));
  mkdirSync(path.join(dir, 'renderer'));
  writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Tableside</title>');
  api = recordingApi();
  server = await startUiServer({ api, staticDir: path.join(dir, 'renderer'), host: '127.0.0.1', port: 0, log: silentLogger() });
  const origin = new URL(server.url).origin;
  const cookie = cookieFrom(await rawRequest(origin, server.url.slice(origin.length)));
  opened = [];
  class BrowserLikeWebSocket extends NodeWebSocket {
    constructor(url: string) {
      super(url, { headers: { cookie, origin } });
      opened.push(url);
      // A browser's socket reports errors as events, never as a throw; `ws` throws without a listener.
      this.on('error', () => undefined);
    }
  }
  globalThis.WebSocket = BrowserLikeWebSocket as unknown as typeof globalThis.WebSocket;
  const page = new URL(origin);
  const { createWsBridge, bridgeUrl } = await rendererBridge();
  bridge = createWsBridge({ url: bridgeUrl({ protocol: page.protocol, host: page.host }), warn: (what, detail) => warnings.push({ what, detail }) });
});

afterAll(async () => {
  bridge?.close();
  await server?.close();
  globalThis.WebSocket = realWebSocket;
  rmSync(dir, { recursive: true, force: true });
});

describe('the renderer bridge against the UI server', () => {
  it('opens the socket without the token in its URL and loads the snapshot', async () => {
    expect(await bridge.getSnapshot()).toEqual(SNAPSHOT);
    expect(opened).toEqual([`ws://${new URL(server.url).host}/bridge`]);
    expect(opened.join()).not.toContain(server.token);
  });

  it('carries every command of the list to the core under its own name', async () => {
    for (const name of COMMAND_NAMES) {
      const call = bridge[name] as (input: unknown) => Promise<{ ok: boolean; error?: { code: string; action?: string } }>;
      const before = api.calls.length;
      const result = await call({ probe: name });
      // A command without input reaches the core; one whose schema refuses the probe is named in the refusal.
      if (result.ok)
        expect(
          api.calls.slice(before).map((c) => c.name),
          name,
        ).toEqual([name]);
      else expect(result.error, name).toMatchObject({ code: 'BAD_INPUT', action: name });
    }
    expect(await bridge.closeBill({ billId: 'b1' })).toEqual({ ok: true, value: { echoed: { billId: 'b1' } } });
  });

  it("delivers the events of the contract; main sends a page no type outside the page's list", async () => {
    const seen: CompanionEvent[] = [];
    const off = bridge.onEvent((e) => seen.push(e));
    // The page's subscription names its types (shown-pages.ts), so an unknown type never leaves
    // main; the renderer's own drop of one is in renderer/src/bridge/ws-protocol.test.ts.
    api.emit({ type: 'mystery', seq: 41 } as unknown as CompanionEvent);
    api.emit({ type: 'table-removed', seq: 42, tableId: 't1' });
    await waitFor(() => seen.length === 1, 'the known event');
    off();
    expect(seen).toEqual([{ type: 'table-removed', seq: 42, tableId: 't1' }]);
    expect(warnings).toEqual([]);
  });

  it('answers commands with bridge-offline once the server is gone, instead of waiting', async () => {
    await server.close();
    // Sent on the closing socket or after it closed: either way the answer comes at once.
    expect(await bridge.closeBill({ billId: 'b1' })).toMatchObject({ ok: false, error: { code: 'bridge-offline' } });
    expect(await bridge.closeBill({ billId: 'b1' })).toMatchObject({ ok: false, error: { code: 'bridge-offline' } });
  });
});
