import type { CommandName } from './commands.js';
import type { CompanionEvent } from './views.js';

/**
 * The browser-mode bridge's frames (type-only; re-exported by contract.ts so the renderer reads
 * them from the contract). One JSON object per WebSocket text frame, at BRIDGE_PATH (names.ts):
 *   page → main   {"id": n, "cmd": "getSnapshot" | "setShown" | CommandName, "input": arg | null}
 *   main → page   {"id": n, "result": …} | {"id": n | null, "error": {"code", "message"}} | {"event": CompanionEvent}
 * It carries the same CompanionApi the preload exposes in Electron.
 */

/** setShown: PageLink (contract.ts), its input true or false, answered with a null result. */
export type BridgeCommand = 'getSnapshot' | 'setShown' | CommandName;

export interface BridgeError {
  code: string;
  message: string;
}

export interface BridgeRequestFrame {
  id: number;
  cmd: BridgeCommand;
  input: unknown;
}

/** `id` is null when the request it answers could not be read far enough to know its id. */
export type BridgeResultFrame = { id: number; result: unknown };
export type BridgeErrorFrame = { id: number | null; error: BridgeError };
export type BridgeEventFrame = { event: CompanionEvent };
export type BridgeServerFrame = BridgeResultFrame | BridgeErrorFrame | BridgeEventFrame;
