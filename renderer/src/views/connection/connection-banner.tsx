// A banner from the first second the connection needs the cashier to know: whose
// side the problem is on (this till's network, the service restarting, the key, another POS) and
// what guests see meanwhile; the till's own problems (key missing, no service URL) say what to do.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionView } from '../../../../preload/contract';
import { useApi, useAppState, useNow } from '../../services/app-context';
import { wholeMinutes } from '../../format/time-text';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';
import { connectionKind, type ConnectionKind } from './connection-words';

/** After this long down, the banner also says for how long. */
export const LONG_OUTAGE_MS = 60_000;

const GUESTS: Partial<Record<ConnectionKind, string>> = {
  unreachable: 'cannotPay',
  restarting: 'cannotPay',
  credentials: 'cannotPay',
  'webhook-url': 'cannotPay',
  dropped: 'mayWait',
  stale: 'mayWait',
  conflict: 'otherPos',
};
const DOWN: ReadonlySet<ConnectionKind> = new Set(['unreachable', 'dropped', 'restarting']);
const SETTINGS: ReadonlySet<ConnectionKind> = new Set(['credentials', 'webhook-url']);

type Words = (key: string, values?: Record<string, unknown>) => string;

function bannerLines(t: Words, session: ConnectionView, now: number): string[] | null {
  if (session.problem) return [t(`connection.alert.problem.${session.problem}`), t('connection.guests.cannotPay')];
  const kind = connectionKind(session);
  const guests = GUESTS[kind];
  if (!guests) return null;
  const seconds = session.nextTryAt === null ? 0 : Math.max(1, Math.ceil((session.nextTryAt - now) / 1000));
  const silentFor = session.lastMessageAt === null ? 0 : now - session.lastMessageAt;
  const lines = [t(`connection.banner.${kind}`, { seconds, minutes: wholeMinutes(silentFor) })];
  const downFor = now - session.since;
  if (DOWN.has(kind) && downFor >= LONG_OUTAGE_MS) lines.push(t('connection.banner.longOutage', { minutes: wholeMinutes(downFor) }));
  lines.push(t(`connection.guests.${guests}`));
  return lines;
}

/** The banner's one line: what is wrong and what it means for guests, short enough for 1024 px. */
function shortLine(t: Words, session: ConnectionView, now: number): string {
  if (session.problem) return t(`connection.short.problem.${session.problem}`);
  const kind = connectionKind(session);
  const seconds = session.nextTryAt === null ? 0 : Math.max(1, Math.ceil((session.nextTryAt - now) / 1000));
  const silentFor = session.lastMessageAt === null ? 0 : now - session.lastMessageAt;
  const text = t(`connection.short.${kind}`, { seconds, minutes: wholeMinutes(silentFor) });
  const downFor = now - session.since;
  return DOWN.has(kind) && downFor >= LONG_OUTAGE_MS ? t('connection.short.downFor', { text, minutes: wholeMinutes(downFor) }) : text;
}

export function ConnectionBanner() {
  const { t } = useTranslation();
  const api = useApi();
  const now = useNow();
  const session = useAppState((s) => s.connection);
  const setTab = useAppState((s) => s.setTab);
  const { run, error, pending } = useCommand();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!session) return null;
  const lines = bannerLines(t, session, now);
  if (!lines) return null;
  const kind = connectionKind(session);

  return (
    <div className={`banner banner-${kind}`} role="alert" data-kind={kind}>
      {/* One line whatever the window's width: the whole sentences wait behind Details. */}
      <div className="banner-line">
        <p className="banner-short" title={lines.join(' ')}>
          {shortLine(t, session, now)}
        </p>
        <button type="button" className="banner-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {t('connection.details')}
        </button>
        {(SETTINGS.has(kind) || session.problem) && (
          <button type="button" onClick={() => setTab('settings')}>
            {t('connection.alert.openSettings')}
          </button>
        )}
        <button type="button" disabled={pending} onClick={() => void run(() => api.reconnect())}>
          {t('connection.alert.reconnect')}
        </button>
      </div>
      <div id={detailsId} className="banner-details" hidden={!open}>
        <p>{lines.slice(0, -1).join(' ')}</p>
        <p className="banner-guests">{lines.at(-1)}</p>
      </div>
      <CommandErrorText error={error} />
    </div>
  );
}
