import type { EventEmitter } from 'node:events';
import type { Logger } from '../base/log.js';

/**
 * The OS session ends (log off, shutdown, restart): Tableside quits without asking, through the
 * same quit as the tray's, which closes the service link and checkpoints the database. Windows
 * tells the window ('query-session-end', then 'session-end'); Linux and macOS tell powerMonitor
 * ('shutdown', whose preventDefault holds the shutdown until the app quits).
 */
export interface SessionEndOptions {
  window: Pick<EventEmitter, 'on'>;
  powerMonitor: Pick<EventEmitter, 'on'>;
  /** app.quit(): before-quit stops the core once and exits. */
  quit(): void;
  log: Logger;
}

export function quitOnSessionEnd(options: SessionEndOptions): void {
  const log = options.log.child({ mod: 'shell' });
  let ended = false;
  const end = (why: string) => {
    if (ended) return;
    ended = true;
    log.info({ why }, 'the OS session ends: closing the link and the database');
    options.quit();
  };
  // Windows asks first and may still cancel (another program refuses): close only on session-end,
  // but do not hold the OS up in the meantime.
  options.window.on('query-session-end', () => log.info('the OS asks whether the session may end'));
  options.window.on('session-end', () => end('session-end'));
  options.powerMonitor.on('shutdown', (event: { preventDefault(): void }) => {
    event.preventDefault();
    end('shutdown');
  });
}
