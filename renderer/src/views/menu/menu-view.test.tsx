import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../../../preload/contract';
import { fail } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const MENU: MenuEntry[] = [
  { id: 'm1', name: 'Pilsner 0.5 l', price: '62', category: 'Drinks', available: true, tags: ['beer'] },
  { id: 'm2', name: 'Lemonade', price: '55', category: 'Drinks', available: true, description: 'Home-made' },
  { id: 'm3', name: 'Svíčková', price: '259', category: 'Mains', available: false },
  { id: 'm4', name: 'Beef goulash', price: '229', category: 'Mains', available: true },
];

async function openMenu(menu: MenuEntry[] = MENU, language: 'en' | 'cs' = 'en') {
  const snapshot = snapshotFixture();
  snapshot.menu = menu;
  const app = await renderApp({ snapshot, language });
  await app.user.click(screen.getByRole('tab', { name: 'Menu' }));
  return app;
}

const rowOf = (name: string) => screen.getByText(name).closest('li')!;

describe('Menu view', () => {
  it('lists items by category with price and state; search ignores case and accents; categories filter', async () => {
    const { user, missingKeys } = await openMenu();
    expect(screen.getByRole('region', { name: 'Drinks' })).toHaveTextContent('Pilsner 0.5 l');
    expect(within(screen.getByRole('region', { name: 'Mains' })).getByText('Svíčková')).toBeInTheDocument();
    expect(rowOf('Svíčková')).toHaveTextContent('Sold out');
    expect(rowOf('Lemonade')).toHaveTextContent('Home-made');
    // The action says what it does; the state is its own word beside it.
    expect(within(rowOf('Lemonade')).getByRole('button', { name: 'Mark Lemonade sold out' })).toHaveTextContent(/^Mark sold out$/);
    expect(rowOf('Lemonade')).not.toHaveTextContent('Sold out');
    expect(screen.getByText('4 of 4 items')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'SVICKOVA');
    expect(await screen.findByText('1 of 4 items')).toBeInTheDocument();
    expect(screen.queryByText('Lemonade')).toBeNull();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'beer');
    expect(await screen.findByText('1 of 4 items')).toBeInTheDocument();
    expect(screen.getByText('Pilsner 0.5 l')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'xyz');
    expect(await screen.findByText(/Nothing on the menu matches "beerxyz"/)).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));

    const categories = screen.getByRole('group', { name: 'Categories' });
    await user.click(within(categories).getByRole('button', { name: 'Mains' }));
    expect(within(categories).getByRole('button', { name: 'Mains' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('2 of 4 items')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Drinks' })).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('marks an item sold out and available again, one press each, with the keyboard', async () => {
    const { api, user } = await openMenu();
    const soldOut = screen.getByRole('button', { name: 'Mark Lemonade sold out' });
    soldOut.focus();
    await user.keyboard('{Enter}');
    expect(api.callsOf('setMenuItemAvailable')).toEqual([{ itemId: 'm2', available: false }]);
    expect(rowOf('Lemonade')).toHaveTextContent('Sold out');
    await user.click(screen.getByRole('button', { name: 'Make Svíčková available again' }));
    expect(api.callsOf('setMenuItemAvailable').at(-1)).toEqual({ itemId: 'm3', available: true });
  });

  it('follows the menu main pushes, and words a refusal', async () => {
    const { api, user, pushEvents } = await openMenu();
    pushEvents({ type: 'menu', seq: 11, menu: [{ ...MENU[0]!, available: false }], ordersPaused: false });
    expect(screen.queryByText('Lemonade')).toBeNull();
    expect(rowOf('Pilsner 0.5 l')).toHaveTextContent('Sold out');
    api.answer('setMenuItemAvailable', fail('MENU_ITEM_NOT_FOUND', undefined, 'setMenuItemAvailable'));
    await user.click(screen.getByRole('button', { name: 'Make Pilsner 0.5 l available again' }));
    expect(within(rowOf('Pilsner 0.5 l')).getByRole('alert')).toHaveTextContent('This item is no longer on the menu');
  });

  it('says where the menu comes from when there is none, in Czech', async () => {
    const { missingKeys } = await openMenu([], 'cs');
    expect(screen.getByText(/Menu zatím není/)).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expectNoMissingKeys(missingKeys);
  });
});
