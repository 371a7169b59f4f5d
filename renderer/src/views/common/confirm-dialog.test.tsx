import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const row = (id: string) => document.querySelector<HTMLElement>(`[data-payment-id="${id}"]`) as HTMLElement;

async function openCancelDialog() {
  const app = await renderApp();
  await app.user.click(screen.getByRole('tab', { name: /Payments/ }));
  await app.user.click(within(row('p1')).getByRole('button', { name: /Cancel payment/ }));
  return { ...app, dialog: screen.getByRole('dialog', { name: 'Cancel this payment?' }) };
}

describe('Confirmation dialogs', () => {
  it('open with the focus on the safe choice: Enter goes back and cancels nothing', async () => {
    const { dialog, user, api } = await openCancelDialog();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('cancelPayment')).toEqual([]);
  });

  it('keep the focus inside after a failed confirm, and Escape still closes', async () => {
    const { dialog, user, api } = await openCancelDialog();
    api.answer('cancelPayment', fail('ALREADY_REFUNDED'));
    const confirm = within(dialog).getByRole('button', { name: 'Cancel payment' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-disabled'));
    expect(api.callsOf('cancelPayment')).toHaveLength(1);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('close on Escape even when the focus has left the dialog', async () => {
    const { user } = await openCancelDialog();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
