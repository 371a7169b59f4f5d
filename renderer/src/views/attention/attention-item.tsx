// One Needs attention entry: what it is, where, how much, since when, and the buttons that resolve it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttentionAction, AttentionEntry, RecoveryOutcome } from '../../../../preload/contract';
import { useApi } from '../../services/app-context';
import { formatMoney } from '../../format/decimal-text';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';
import { entryMoney, explainEntry, formatSince, wordAttentionError } from './attention-text';

function AcknowledgeForm({ entry, onDone, onCancel }: { entry: AttentionEntry; onDone(): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run, error, pending } = useCommand();
  const [note, setNote] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await run(() => api.resolveAttention({ entryId: entry.id, ...(note.trim() ? { note: note.trim() } : {}) }));
    if (result.ok) onDone();
  };
  return (
    <form className="attention-ack" onSubmit={(e) => void submit(e)} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <label>
        {t('attention.noteLabel')}
        <input value={note} maxLength={500} placeholder={t('attention.notePlaceholder')} onChange={(e) => setNote(e.target.value)} autoFocus />
      </label>
      <button type="submit" disabled={pending}>
        {t('attention.confirmAcknowledge')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('attention.cancel')}
      </button>
      {error && (
        <p role="alert" className="error" data-code={error.code}>
          {wordAttentionError(t, i18n, error)}
        </p>
      )}
    </form>
  );
}

/** The buttons of an entry's actions; acknowledge opens the note form instead of acting at once. */
function useEntryActions(entry: AttentionEntry) {
  const api = useApi();
  const command = useCommand();
  const [outcome, setOutcome] = useState<RecoveryOutcome | null>(null);
  const act = async (action: AttentionAction) => {
    setOutcome(null);
    const paymentId = entry.paymentId ?? '';
    if (action === 'capture') await command.run(() => api.capturePayment({ paymentId }));
    if (action === 'release-lock') await command.run(() => api.releaseLock({ paymentId }));
    if (action === 'retry-recovery') {
      const result = await command.run(() => api.retryRecovery({ paymentId }));
      if (result.ok) setOutcome(result.value.outcome);
    }
  };
  return { ...command, outcome, act };
}

export function AttentionItem({ entry, now }: { entry: AttentionEntry; now: number }) {
  const { t, i18n } = useTranslation();
  const [acknowledging, setAcknowledging] = useState(false);
  const { act, error, pending, outcome } = useEntryActions(entry);
  const table = entry.tableName === null && entry.tableId === null ? t('attention.noTable') : tableLabel(t, entry.tableName);
  const title = t(`attention.kind.${entry.kind}`);
  return (
    <li className={`attention-entry attention-${entry.kind}`} data-entry={entry.id}>
      <div className="attention-head">
        <strong>{title}</strong>
        <span className="attention-table">{table}</span>
        {entry.amount !== null && <span className="attention-amount">{entryMoney(entry, i18n.language)}</span>}
        {entry.tip !== null && entry.tip !== '0.00' && (
          <span className="attention-tip">{t('attention.tip', { money: formatMoney(entry.tip, entry.currency, i18n.language) })}</span>
        )}
        <time dateTime={entry.since}>{t('attention.since', { time: formatSince(entry.since, i18n.language, now) })}</time>
      </div>
      <p>{explainEntry(t, i18n, entry)}</p>
      {entry.detail.note && <p className="attention-note">{t('attention.note', { note: entry.detail.note })}</p>}
      {acknowledging ? (
        <AcknowledgeForm entry={entry} onDone={() => setAcknowledging(false)} onCancel={() => setAcknowledging(false)} />
      ) : (
        <div className="attention-actions" role="group" aria-label={`${title} ${t('attention.actionOf', { table })}`}>
          {entry.actions.map((action) => (
            <button key={action} type="button" disabled={pending} onClick={() => (action === 'acknowledge' ? setAcknowledging(true) : void act(action))}>
              {t(`attention.action.${action}`, { money: entryMoney(entry, i18n.language) })}
            </button>
          ))}
        </div>
      )}
      {outcome && <p role="status">{t(`attention.outcome.${outcome}`)}</p>}
      {error && (
        <p role="alert" className="error" data-code={error.code}>
          {wordAttentionError(t, i18n, error)}
        </p>
      )}
    </li>
  );
}
