import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

async function openSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: /Settings|Nastavení/ }));
  await screen.findByRole('option', { name: 'Kitchen' });
  return rendered;
}

describe('Settings: when the business day ends (day report)', () => {
  it('shows the stored time and saves a new one ("5:30" is read as 05:30)', async () => {
    const { user, api, missingKeys } = await openSettings();
    const field = screen.getByLabelText('The business day ends at');
    expect(field).toHaveValue('04:00');
    await user.clear(field);
    await user.type(field, '5:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.callsOf('saveSettings')).toEqual([expect.objectContaining({ dayEndsAt: '05:30' })]);
    expectNoMissingKeys(missingKeys);
  });

  it('names the field in Czech for a time that is not one, and sends nothing', async () => {
    const { user, api } = await openSettings({ language: 'cs' });
    const field = screen.getByLabelText('Pracovní den končí v');
    await user.clear(field);
    await user.type(field, '25:00');
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Pracovní den končí v: zadejte čas HH:MM, například 04:00');
    expect(api.callsOf('saveSettings')).toEqual([]);
  });
});
