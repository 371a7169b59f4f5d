import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// Lines a guest ordered are marked on the bill.
describe('Bill lines ordered by the guest', () => {
  it('carry a "guest" mark the screen reader says in full; the cashier’s own lines do not', async () => {
    const snapshot = snapshotFixture();
    const bill = snapshot.bills.find((b) => b.id === 'b2')!;
    bill.items[0] = { ...bill.items[0]!, tags: ['order:o1', 'menu:m1'] };
    const { user, missingKeys } = await renderApp({ snapshot });
    await user.click(screen.getByRole('button', { name: /Table 2/ }));
    const pilsner = screen.getByRole('row', { name: /Pilsner/ });
    expect(within(pilsner).getByText('Ordered by the guest')).toBeInTheDocument();
    expect(within(pilsner).getByTitle('Ordered by the guest')).toHaveTextContent('guest');
    expect(pilsner).toHaveClass('by-guest');
    const goulash = screen.getByRole('row', { name: /Goulash/ });
    expect(within(goulash).queryByText('Ordered by the guest')).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('in Czech', async () => {
    const snapshot = snapshotFixture();
    snapshot.bills.find((b) => b.id === 'b2')!.items[1]!.tags = ['order:o2'];
    const { user } = await renderApp({ snapshot, language: 'cs' });
    await user.click(screen.getByRole('button', { name: /Stůl 2/ }));
    expect(within(screen.getByRole('row', { name: /Goulash/ })).getByText('Objednal host')).toBeInTheDocument();
  });
});
