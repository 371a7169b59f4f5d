import { describe, expect, it } from 'vitest';
import { settingsFixture, snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';

describe('settings slice', () => {
  it('starts from the snapshot and takes newer settings only', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    expect(store.getState().settings?.language).toBe('en');
    store.getState().applyEvent({ type: 'settings', seq: 11, settings: settingsFixture({ language: 'cs' }) });
    store.getState().applyEvent({ type: 'settings', seq: 11, settings: settingsFixture({ language: 'en' }) });
    expect(store.getState().settings?.language).toBe('cs');
  });
});
