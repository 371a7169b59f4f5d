// The phone page's words: Czech has every English key (the type says so) and the same
// placeholders in each text, so no Czech sentence loses the table or the amount.
import { describe, expect, it } from 'vitest';
import { staffCs } from './staff.cs';
import { staffEn } from './staff.en';
import { createStaffI18n } from './staff-i18n';

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value as object, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the staff page words', () => {
  const en = leaves(staffEn);
  const cs = leaves(staffCs);

  it('has the same keys and placeholders in Czech as in English', () => {
    expect([...cs.keys()].sort()).toEqual([...en.keys()].sort());
    const differ = [...en].filter(([key, text]) => placeholders(text).join() !== placeholders(cs.get(key) ?? '').join());
    expect(differ).toEqual([]);
  });

  it('writes Czech with its diacritics, not as ASCII', () => {
    expect(cs.get('connection.offline')).toBe('Nepřipojeno k pokladně — zkouším znovu');
    expect([...cs.values()].filter((t) => /[áčďéěíňóřšťúůýž]/i.test(t)).length).toBeGreaterThan(cs.size / 2);
  });

  it('an i18n instance answers in the chosen language', () => {
    expect(createStaffI18n('cs').t('pairing.scan')).toBe('Naskenujte párovací kód na pokladně (Nastavení → Telefony obsluhy)');
    expect(createStaffI18n('en').t('notices.kind.partly-paid', { table: 'Table 2', amount: 'CZK 40.00', left: 'CZK 80.00' })).toBe(
      'Table 2 paid CZK 40.00, CZK 80.00 left',
    );
  });
});
