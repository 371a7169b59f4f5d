// The tab bar: Tables, Orders, Payments, Needs attention, Menu, QR codes, Payment links, Settings,
// Demo. Alt+1..9 from anywhere, arrows inside. A tab with work waiting shows its count.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../services/app-context';
import { TABS, type TabId } from '../store/ui-slice';
import { useTabBadges } from './tab-badges';

export function visibleTabs(demo: boolean): TabId[] {
  return TABS.filter((id) => demo || id !== 'demo');
}

export function TabBar() {
  const { t } = useTranslation();
  const demo = useAppState((s) => s.demo);
  const tab = useAppState((s) => s.tab);
  const setTab = useAppState((s) => s.setTab);
  const tabs = visibleTabs(demo);
  const badges = useTabBadges();
  const refs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const index = Number(e.key) - 1;
      const target = Number.isInteger(index) ? tabs[index] : undefined;
      if (!target) return;
      e.preventDefault();
      setTab(target);
      refs.current[target]?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tabs, setTab]);

  const onArrow = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const step = e.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    if (!next) return;
    setTab(next);
    refs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={t('nav.label')} className="tab-bar" onKeyDown={onArrow}>
      {tabs.map((id, i) => (
        <button
          key={id}
          ref={(el) => {
            refs.current[id] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={tab === id}
          aria-controls="tab-panel"
          // The name stays the tab's word ("Orders") whatever waits there; the count is its description.
          aria-label={t(`nav.${id}`)}
          aria-describedby={badges[id] ? `tab-badge-${id}` : undefined}
          tabIndex={tab === id ? 0 : -1}
          title={t('nav.shortcut', { key: i + 1 })}
          onClick={() => setTab(id)}
        >
          {t(`nav.${id}`)}
          {badges[id] ? (
            <span className="tab-badge" id={`tab-badge-${id}`}>
              <span aria-hidden="true">{badges[id]}</span>
              <span className="sr-only">{t('nav.waiting', { count: badges[id] })}</span>
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
