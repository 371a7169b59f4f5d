// Needs attention: everything not settled and what to do about each, oldest first. Main
// pushes the whole list whenever it changes; an entry leaves once its action is done.
import { useTranslation } from 'react-i18next';
import { useAppState, useNow } from '../../services/app-context';
import { AttentionItem } from './attention-item';

export function AttentionView() {
  const { t } = useTranslation();
  const entries = useAppState((s) => s.attention);
  const now = useNow(60_000);
  return (
    <section className="attention-view" aria-labelledby="attention-title">
      <h2 id="attention-title">{t('attention.title')}</h2>
      {entries.length === 0 ? (
        <p className="empty">{t('attention.none')}</p>
      ) : (
        <>
          <p>{t('attention.count', { count: entries.length })}</p>
          <ul className="attention-list" aria-label={t('attention.listLabel')}>
            {entries.map((entry) => (
              <AttentionItem key={entry.id} entry={entry} now={now} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
