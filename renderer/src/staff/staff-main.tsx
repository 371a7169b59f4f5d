// The waiter's phone page (staff.html): one controller, one i18n instance, the page's wake-ups.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserAlerter } from './alerts';
import { liveUrl } from './session';
import { StaffApp } from './staff-app';
import { StaffController } from './staff-controller';
import { createStaffI18n } from './staff-i18n';
import './staff.css';

const root = document.getElementById('root');
if (!root) throw new Error('staff.html has no #root');
const alerter = browserAlerter(window);
const controller = new StaffController({
  storage: window.localStorage,
  location: window.location,
  history: window.history,
  navigator: window.navigator,
  fetch: window.fetch.bind(window),
  alerter,
  liveUrl: liveUrl(window.location),
});

// iOS plays sound only after a touch, and suspends the audio again when the phone sleeps: every
// touch makes or resumes the audio context (a no-op while it runs).
window.addEventListener('pointerdown', () => alerter.warmUp(), { passive: true });
// A phone that slept or changed network may hold a dead socket: start a fresh one. Hidden only
// briefly (a glance at another app), the socket is kept.
let hiddenAt = 0;
const LONG_HIDDEN_MS = 15_000;
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') hiddenAt = Date.now();
  else controller.wake(hiddenAt > 0 && Date.now() - hiddenAt > LONG_HIDDEN_MS);
});
window.addEventListener('online', () => controller.wake(true));
window.addEventListener('pageshow', (e) => controller.wake(e.persisted));

createRoot(root).render(
  <StrictMode>
    <StaffApp controller={controller} i18n={createStaffI18n(controller.language())} />
  </StrictMode>,
);
void controller.boot();
