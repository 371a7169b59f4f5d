import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppServices } from '../services/app-context';
import { createI18n } from '../i18n/create-i18n';
import { createAppStore } from '../store/app-store';
import { manualFrames } from '../store/frame-scheduler';
import { createFakeApi } from '../test/fake-api';
import { snapshotFixture } from '../test/fixture';
import { renderApp } from '../test/render-app';
import { App } from './app';

describe('App shell and navigation', () => {
  it('switches tabs with Alt+1..9 and arrows, focus following', async () => {
    const { user } = await renderApp();
    await user.keyboard('{Alt>}3{/Alt}');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Payments');
    await user.keyboard('{Alt>}9{/Alt}');
    expect(screen.getByRole('region', { name: 'Demo: pay as a guest' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tables' })).toHaveAttribute('aria-selected', 'true');
  });

  it('ignores Alt+9 when there is no demo tab', async () => {
    const snapshot = snapshotFixture();
    snapshot.demo = false;
    const { user } = await renderApp({ snapshot });
    await user.keyboard('{Alt>}9{/Alt}');
    expect(screen.getByRole('tab', { name: 'Tables' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says what to do when the snapshot cannot be had, and unsubscribes on unmount', async () => {
    const api = createFakeApi(snapshotFixture());
    api.getSnapshot = () => Promise.reject(new Error('IPC gone'));
    const services: AppServices = {
      api,
      store: createAppStore(),
      frames: manualFrames().schedule,
      bridgeKind: 'electron',
      now: () => Date.now(),
      beep: () => undefined,
      openWindow: () => undefined,
      copyText: async () => undefined,
      randomUuid: () => '00000000-0000-4000-8000-000000000000',
    };
    const view = render(<App services={services} i18n={createI18n('en')} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Tableside is not answering. It keeps trying');
    expect(api.listenerCount()).toBe(1);
    view.unmount();
    expect(api.listenerCount()).toBe(0);
  });

  it('follows the language in settings from the first snapshot', async () => {
    const snapshot = snapshotFixture();
    snapshot.settings.language = 'cs';
    await renderApp({ snapshot });
    expect(await screen.findByRole('tab', { name: 'Stoly' })).toBeInTheDocument();
  });
});
