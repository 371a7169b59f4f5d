// The demo order form's state: where the order goes, the quantities per menu item, the note, and the command.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { GuestOrderInput, GuestOrderResult, MenuEntry, TableView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatMoney, isZero, parseDecimalInput } from '../../format/decimal-text';
import { sortedTables } from '../../store/selectors';
import { inputError } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand, type CommandError, type CommandRunner } from '../common/use-command';

export type OrderWhere = 'table' | 'pickup';

/** What the cashier filled in, texts as typed. */
export interface DemoOrderChoice {
  where: OrderWhere;
  tableId: string;
  /** "HH:MM", local time today. */
  pickupTime: string;
  quantities: Record<string, string>;
  note: string;
}

/** "HH:MM" today in local time as ISO 8601 with the local offset, e.g. 2026-11-22T18:30:00+01:00. */
export function pickupIso(time: string, today: Date): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const offset = -today.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `${date}T${pad(Number(m[1]))}:${m[2]}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Half an hour from now, on a 5-minute step: the form's first pickup time. */
export function defaultPickupTime(now: Date): string {
  const d = new Date(now.getTime() + 30 * 60_000);
  const minutes = Math.ceil(d.getMinutes() / 5) * 5;
  d.setMinutes(minutes, 0, 0);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The guest's order as main takes it, or the first input error (nothing is sent then). */
export function guestOrderInput(t: TFunction, choice: DemoOrderChoice, menu: MenuEntry[], today: Date): { input: GuestOrderInput } | { error: CommandError } {
  const items: GuestOrderInput['items'] = [];
  for (const entry of menu) {
    const text = choice.quantities[entry.id]?.trim() ?? '';
    if (!text) continue;
    const q = parseDecimalInput(text);
    if (q === null) return { error: inputError(t('demo.order.quantityOf', { name: entry.name }), t('errors.positiveNumber')) };
    if (!isZero(q)) items.push({ id: entry.id, quantity: q });
  }
  const input: GuestOrderInput = { items };
  if (choice.where === 'table') {
    if (!choice.tableId) return { error: inputError(t('demo.order.table'), t('errors.required')) };
    input.tableId = choice.tableId;
  } else {
    const at = pickupIso(choice.pickupTime, today);
    if (!at) return { error: inputError(t('demo.order.pickupAt'), t('errors.required')) };
    input.pickupAt = at;
  }
  if (items.length === 0) return { error: inputError(t('demo.order.items'), t('errors.pickItems')) };
  if (choice.note.trim()) input.note = choice.note.trim();
  return { input };
}

/** The answer in the cashier's words: placed, refused (with the item names) or cancelled. */
export function demoOrderText(t: TFunction, lang: string, r: GuestOrderResult, table: TableView | undefined, currency: string): string {
  if (r.outcome === 'placed') {
    const total = r.total === null ? '' : formatMoney(r.total, currency, lang);
    return r.billId !== null ? t('demo.order.placedTable', { total, table: tableLabel(t, table?.name ?? null) }) : t('demo.order.placedPickup', { total });
  }
  if (r.outcome === 'cancelled' || !r.refusal) return t('demo.order.cancelled');
  const known = ['ITEM_UNAVAILABLE', 'ORDERS_PAUSED', 'TABLE_NOT_FOUND', 'NOT_ON_MENU'];
  const key = known.includes(r.refusal.code) ? r.refusal.code : 'other';
  return t(`demo.order.refused.${key}`, { items: r.refusal.items.join(', '), code: r.refusal.code });
}

export interface DemoOrder {
  tables: TableView[];
  menu: MenuEntry[];
  choice: DemoOrderChoice;
  update(patch: Partial<DemoOrderChoice>): void;
  setQuantity(itemId: string, text: string): void;
  outcome: string | null;
  place(): Promise<void>;
  command: CommandRunner;
}

export function useDemoOrder(): DemoOrder {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const tableMap = useAppState((s) => s.tables);
  const menu = useAppState((s) => s.menu);
  const tables = useMemo(() => sortedTables(tableMap), [tableMap]);
  const [choice, setChoice] = useState<DemoOrderChoice>(() => ({
    where: 'table',
    tableId: '',
    pickupTime: defaultPickupTime(new Date()),
    quantities: {},
    note: '',
  }));
  const [outcome, setOutcome] = useState<string | null>(null);
  const command = useCommand();
  const update = (patch: Partial<DemoOrderChoice>) => setChoice((c) => ({ ...c, ...patch }));
  const setQuantity = (itemId: string, text: string) => setChoice((c) => ({ ...c, quantities: { ...c.quantities, [itemId]: text } }));
  const place = async () => {
    setOutcome(null);
    const built = guestOrderInput(t, choice, menu, new Date());
    if ('error' in built) return command.setError(built.error);
    const r = await command.run(() => api.guestOrder(built.input));
    if (!r.ok) return;
    const currency = tableMap[choice.tableId]?.currency ?? 'CZK';
    setOutcome(demoOrderText(t, i18n.language, r.value, tableMap[choice.tableId], currency));
    if (r.value.outcome === 'placed') setChoice((c) => ({ ...c, quantities: {}, note: '' }));
  };
  return { tables, menu, choice, update, setQuantity, outcome, place, command };
}
