import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const MB = 1024 * 1024;

describe('the low disk space banner', () => {
  it('shows from the snapshot, follows the disk events and goes away by itself when space returns', async () => {
    const snapshot = snapshotFixture();
    snapshot.disk = { lowSpace: true, freeBytes: 312 * MB };
    const { pushEvents, missingKeys } = await renderApp({ snapshot });
    const banner = () => document.querySelector('[data-kind="disk"]');
    expect(banner()).toHaveTextContent('The disk is almost full: 312 MB left for Tableside.');
    expect(banner()).toHaveTextContent(/Payments that cannot be saved are refused/);
    pushEvents({ type: 'disk', seq: 100, disk: { lowSpace: true, freeBytes: 120 * MB } });
    expect(banner()).toHaveTextContent('120 MB left');
    pushEvents({ type: 'disk', seq: 101, disk: { lowSpace: false, freeBytes: 4_000 * MB } });
    expect(banner()).toBeNull();
    expect(screen.queryByText(/almost full/)).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('is not there while there is room, and speaks Czech', async () => {
    const roomy = await renderApp();
    expect(document.querySelector('[data-kind="disk"]')).toBeNull();
    roomy.view.unmount();
    const snapshot = snapshotFixture();
    snapshot.disk = { lowSpace: true, freeBytes: 90 * MB };
    const { missingKeys } = await renderApp({ snapshot, language: 'cs' });
    expect(document.querySelector('[data-kind="disk"]')).toHaveTextContent('Disk je téměř plný: pro Tableside zbývá 90 MB.');
    expectNoMissingKeys(missingKeys);
  });
});
