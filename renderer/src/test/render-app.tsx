// Renders the whole app against a FakeApi, with observable services, and waits for the snapshot.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { CompanionEvent, Language, Snapshot } from '../../../preload/contract';
import type { AppServices } from '../services/app-context';
import type { BridgeKind } from '../bridge/index';
import { createI18n } from '../i18n/create-i18n';
import { createAppStore } from '../store/app-store';
import { manualFrames } from '../store/frame-scheduler';
import { App } from '../views/app';
import { createFakeApi } from './fake-api';
import { snapshotFixture } from './fixture';

export interface RenderOptions {
  snapshot?: Snapshot;
  now?: () => number;
  bridgeKind?: BridgeKind;
  language?: Language;
}

export async function renderApp(options: RenderOptions = {}) {
  const snapshot = options.snapshot ?? snapshotFixture();
  // The app follows main's language, so a test in Czech needs main to say Czech.
  if (options.language) snapshot.settings.language = options.language;
  const api = createFakeApi(snapshot);
  const store = createAppStore();
  // Frames advance by hand: a test decides when queued events reach the store (see pushEvents).
  const frames = manualFrames();
  const missingKeys: string[] = [];
  const beeps: ('paid' | 'problem' | 'order')[] = [];
  const opened: string[] = [];
  const copied: string[] = [];
  const i18n = createI18n(options.language ?? 'en', { onMissingKey: (key) => missingKeys.push(key) });
  const services: AppServices = {
    api,
    store,
    frames: frames.schedule,
    bridgeKind: options.bridgeKind ?? 'electron',
    now: options.now ?? (() => Date.now()),
    beep: (kind) => beeps.push(kind),
    openWindow: (url) => opened.push(url),
    copyText: async (text) => {
      copied.push(text);
    },
    randomUuid: () => 'F47AC10B-58CC-4372-A567-0E02B2C3D479',
  };
  const user = userEvent.setup();
  const view = render(<App services={services} i18n={i18n} />);
  await screen.findByRole('tablist');
  /** Main pushes these events, then one animation frame passes (the app applies them as one batch). */
  const pushEvents = (...events: CompanionEvent[]) =>
    act(() => {
      for (const e of events) api.push(e);
      frames.next();
    });
  return { api, store, services, frames, pushEvents, user, i18n, missingKeys, beeps, opened, copied, view };
}

/** Every test ends with this: no view may have asked for a key that has no text. */
export function expectNoMissingKeys(missingKeys: string[]) {
  expect(missingKeys).toEqual([]);
}
