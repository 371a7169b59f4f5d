// Picks the bridge: Electron's preload exposes `window.companion`; without it we are in a
// browser talking to the headless host's local WebSocket.
import type { CompanionApi, PageLink } from '../../../preload/contract';
import type { ResyncSource } from '../store/connect-store';
import { createWsBridge } from './ws-bridge';
import { bridgeUrl } from './ws-protocol';

declare global {
  interface Window {
    companion?: CompanionApi & PageLink;
  }
}

export type BridgeKind = 'electron' | 'browser';

let browserBridge: (CompanionApi & ResyncSource) | null = null;

export function bridgeKind(): BridgeKind {
  return window.companion ? 'electron' : 'browser';
}

export function getCompanionApi(): CompanionApi & ResyncSource {
  if (window.companion) return window.companion;
  browserBridge ??= createWsBridge({ url: bridgeUrl(window.location) });
  return browserBridge;
}
