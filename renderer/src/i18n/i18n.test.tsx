import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { cs } from './cs';
import { en } from './en';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));
}

function values(tree: object): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v as object)));
}

const TABS = {
  en: ['Tables', 'Orders', 'Payments', 'Needs attention', 'Menu', 'QR codes', 'Payment links', 'Settings', 'Demo'],
  cs: ['Stoly', 'Objednávky', 'Platby', 'K vyřešení', 'Menu', 'QR kódy', 'Platební odkazy', 'Nastavení', 'Demo'],
};

describe('translations', () => {
  it('en and cs have exactly the same keys, none empty', () => {
    expect(keys(cs).sort()).toEqual(keys(en).sort());
    expect(values(en).filter((v) => !v.trim())).toEqual([]);
    expect(values(cs).filter((v) => !v.trim())).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort().join();
    const csByKey = new Map(keys(cs).map((k, i) => [k, values(cs)[i]!]));
    keys(en).forEach((k, i) => expect(placeholders(csByKey.get(k)!), k).toBe(placeholders(values(en)[i]!)));
  });

  for (const language of ['en', 'cs'] as const) {
    it(`no view renders a raw key (${language})`, async () => {
      const { user, missingKeys, i18n } = await renderApp({ language });
      const allKeys = new Set(keys(en));
      const discardUnsaved = async () => {
        // Settings' first button changes the draft, so leaving it asks first (its words are checked too).
        const unsaved = screen.queryByRole('dialog', { name: i18n.t('settings.unsaved.title') });
        if (unsaved) await user.click(within(unsaved).getByRole('button', { name: i18n.t('settings.unsaved.discard') }));
      };
      for (const name of TABS[language]) {
        await user.click(screen.getByRole('tab', { name }));
        await discardUnsaved();
        // Press the view's first button too, so the text it brings up is checked as well.
        const first = within(screen.getByRole('tabpanel')).queryAllByRole('button')[0];
        if (first) await user.click(first);
        const words = document.body.textContent?.match(/[a-zA-Z]+(\.[a-zA-Z-]+)+/g) ?? [];
        expect(
          words.filter((w) => allKeys.has(w)),
          name,
        ).toEqual([]);
      }
      await user.click(screen.getByRole('tab', { name: TABS[language][0] }));
      await discardUnsaved();
      await user.click(screen.getByRole('button', { name: /Bar 1/ }));
      expect(missingKeys).toEqual([]);
    });
  }
});
