// Waits until the store satisfies a condition, driven by store updates, with a deadline.
import type { AppStore } from '../store/app-store';

export function waitForStore(store: AppStore, condition: () => boolean, deadlineMs = 10_000): Promise<void> {
  if (condition()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`store condition not met within ${deadlineMs} ms`));
    }, deadlineMs);
    const off = store.subscribe(() => {
      if (!condition()) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}
