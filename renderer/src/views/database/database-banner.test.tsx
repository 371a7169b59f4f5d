import { describe, expect, it } from 'vitest';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

describe('the banner of a bill database another program holds', () => {
  it('shows from the snapshot, follows the database events and goes away by itself, in English and Czech', async () => {
    const banner = () => document.querySelector('[data-kind="database"]');
    const free = await renderApp();
    expect(banner()).toBeNull();
    free.view.unmount();

    const snapshot = snapshotFixture();
    snapshot.database = { locked: true, since: Date.now() - 45_000 };
    const { pushEvents, missingKeys, view } = await renderApp({ snapshot });
    expect(banner()).toHaveTextContent('Another program is holding the bill database: Tableside cannot save payments.');
    pushEvents({ type: 'database', seq: 100, database: { locked: false, since: null } });
    expect(banner()).toBeNull();
    pushEvents({ type: 'database', seq: 101, database: { locked: true, since: Date.now() } });
    expect(banner()).not.toBeNull();
    expectNoMissingKeys(missingKeys);
    view.unmount();

    const czech = await renderApp({ snapshot, language: 'cs' });
    expect(banner()).toHaveTextContent('Databázi účtů drží jiný program');
    expectNoMissingKeys(czech.missingKeys);
  });
});
