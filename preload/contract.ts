/**
 * The contract between main and the renderer: type-only. Main implements `CompanionApi`
 * (main/adapters/ui-bridge), the preload exposes it over IPC (`satisfies CompanionApi`), the
 * browser-mode bridge exposes it over a local WebSocket, and the renderer consumes it. The
 * commands come from the domain tables (commands-*.ts, merged in commands.ts); the views and
 * events main sends are in views.ts.
 */
import type { CommandApi } from './commands.js';
import type { CompanionEvent, Snapshot, Unsubscribe } from './views.js';

export type * from './views.js';
export type { CommandApi, CommandInput, CommandName } from './commands.js';
export type { GuestOrderInput, GuestPayInput } from './commands-demo.js';
export type { PaymentLinkInput } from './commands-links.js';
export type { HistoryFilter, PaymentRange } from './commands-reports.js';
export type { SettingsInput } from './commands-settings.js';
export type * from './bridge-frames.js';
export type { ErrorCode } from './error-codes.js';

export interface CompanionApi extends CommandApi {
  getSnapshot(): Promise<Snapshot>;
  /**
   * Every event, or only those of `types`. A listener that shows no views (the tray, a diagnostics
   * history, the update policy) names what it needs: the core turns commits into bill, table and
   * payment views only while a listener wants them.
   */
  onEvent(listener: (event: CompanionEvent) => void, types?: readonly CompanionEvent['type'][]): Unsubscribe;
}

/**
 * What a page's link (the preload, the browser-mode bridge) offers the page besides CompanionApi:
 * about the page itself, not the restaurant.
 */
export interface PageLink {
  /**
   * The page is shown or hidden (its document's visibility). A hidden page is sent no bill, table
   * or payment views nor the Needs attention list, and while no page is shown the core builds none
   * (main/adapters/ui-bridge/shown-pages.ts); a page shown again reads the snapshot. Resolves once main
   * has it, so a snapshot asked for afterwards is read with the views flowing again.
   */
  setShown(shown: boolean): Promise<void>;
}
