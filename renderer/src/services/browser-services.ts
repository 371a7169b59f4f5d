// The real browser services behind AppServices (tests pass their own observable ones).
import type { AppServices } from './app-context';
import { bridgeKind, getCompanionApi } from '../bridge/index';
import type { AppStore } from '../store/app-store';
import { animationFrameScheduler } from '../store/frame-scheduler';
import { beep } from './beep';

export function browserServices(store: AppStore): AppServices {
  return {
    api: getCompanionApi(),
    store,
    frames: animationFrameScheduler,
    bridgeKind: bridgeKind(),
    now: () => Date.now(),
    beep,
    openWindow: (url) => {
      window.open(url, '_blank', 'noopener');
    },
    copyText: (text) => navigator.clipboard.writeText(text),
    randomUuid: () => crypto.randomUUID(),
  };
}
