// The app page: one store, one i18n instance, the bridge chosen by where we run.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmUpFormats } from './format/time-text';
import { createI18n } from './i18n/create-i18n';
import { browserServices } from './services/browser-services';
import { createAppStore } from './store/app-store';
import { App } from './views/app';
import { warmUpSoundOnFirstGesture } from './services/beep';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const store = createAppStore();
warmUpSoundOnFirstGesture(window);
// While the page is idle, not when the first notice of a rush arrives.
if ('requestIdleCallback' in window) requestIdleCallback(() => warmUpFormats());
else setTimeout(warmUpFormats, 500);

createRoot(root).render(
  <StrictMode>
    <App services={browserServices(store)} i18n={createI18n()} />
  </StrictMode>,
);
