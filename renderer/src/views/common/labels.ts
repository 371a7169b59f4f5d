// Small text helpers shared by views.
import type { TFunction } from 'i18next';

/** A bare number reads "Table 12"; a named table ("Terrace 3") keeps its own name. */
export function tableLabel(t: TFunction, name: string | null): string {
  if (name === null) return t('tables.unknown');
  return /^\d+$/.test(name) ? t('tables.numbered', { name }) : name;
}
