import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// The bill's "add item" picks from the store's menu.
async function openForm(menu = snapshotFixture().menu) {
  const snapshot = snapshotFixture();
  snapshot.menu = menu;
  const app = await renderApp({ snapshot });
  await app.user.click(screen.getByRole('button', { name: /Table 2/ }));
  return { ...app, form: screen.getByRole('form', { name: 'Add an item' }) };
}

const MENU = [
  { id: 'm1', name: 'Pilsner', price: '54', category: 'Drinks', available: true },
  { id: 'm5', name: 'Kofola', price: '45', category: 'Drinks', available: false },
  { id: 'm2', name: 'Goulash', price: '216', category: 'Food', available: true, description: 'beef' },
  { id: 'm6', name: 'Svíčková', price: '259', category: 'Food', available: true },
];

describe('Add item from the menu', () => {
  it('search picks the first available match as you type; Enter adds it', async () => {
    const { user, api, form, missingKeys } = await openForm(MENU);
    await user.type(within(form).getByRole('searchbox', { name: 'Search the menu' }), 'svick');
    expect(within(form).getByLabelText('Menu')).toHaveValue('m6');
    expect(within(form).queryByLabelText('Name')).toBeNull();
    await user.keyboard('{Enter}');
    expect(api.callsOf('addItem')).toEqual([{ billId: 'b2', name: 'Svíčková', price: '259', quantity: '1', menuId: 'm6' }]);
    expectNoMissingKeys(missingKeys);
  });

  it('a category narrows the list, grouped by category; a sold-out item cannot be picked', async () => {
    const { user, form } = await openForm(MENU);
    const list = within(form).getByLabelText('Menu');
    expect(within(list).getByRole('option', { name: 'Kofola (sold out) (45.00)' })).toBeDisabled();
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(['Drinks', 'Food']);
    await user.selectOptions(within(form).getByLabelText('Category'), 'Food');
    expect(list).toHaveValue('m2');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Free text…', 'Goulash (216.00)', 'Svíčková (259.00)']);
    // A search whose only match is sold out picks nothing.
    await user.selectOptions(within(form).getByLabelText('Category'), '');
    await user.type(within(form).getByRole('searchbox'), 'Kofola');
    expect(list).toHaveValue('');
  });

  it('what the menu lacks becomes a free item with the typed name', async () => {
    const { user, api, form } = await openForm(MENU);
    await user.type(within(form).getByRole('searchbox'), 'Bread');
    expect(within(form).getByText(/No menu item matches "Bread"/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('Bread');
    await user.type(within(form).getByLabelText('Price'), '12,50');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(api.callsOf('addItem')).toEqual([{ billId: 'b2', name: 'Bread', price: '12.50', quantity: '1' }]);
  });

  it('with no menu, free entry only', async () => {
    const { user, api, form } = await openForm([]);
    expect(within(form).queryByLabelText('Menu')).toBeNull();
    expect(within(form).queryByRole('searchbox')).toBeNull();
    await user.type(within(form).getByLabelText('Name'), 'Bread');
    await user.type(within(form).getByLabelText('Price'), '10');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(api.callsOf('addItem')).toEqual([{ billId: 'b2', name: 'Bread', price: '10', quantity: '1' }]);
  });
});
