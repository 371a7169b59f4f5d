import { Notification } from 'electron';
import type { Logger } from '../base/log.js';

/**
 * OS notifications (payment notices from the core, the close-to-tray hint). On Windows they show
 * under the AppUserModelID set at startup. A click brings the window forward.
 */
export function createNotifier(iconPath: string, onClick: () => void, log: Logger): (title: string, body: string) => void {
  return (title, body) => {
    if (!Notification.isSupported()) {
      log.info({ mod: 'notify' }, 'OS notifications are not supported here');
      return;
    }
    const notification = new Notification({ title, body, icon: iconPath, silent: true });
    notification.on('click', onClick);
    notification.show();
  };
}
