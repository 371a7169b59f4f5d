import { useTranslation } from 'react-i18next';

/**
 * The action row of a confirmation dialog: the confirming button (left out when the action is
 * no longer possible) and Back, which closes the dialog.
 */
export function ConfirmActions(props: { label: string; onConfirm?: () => unknown; pending: boolean; danger?: boolean; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      {props.onConfirm && (
        <button type="button" className={props.danger ? 'danger' : undefined} disabled={props.pending} onClick={() => void props.onConfirm?.()}>
          {props.label}
        </button>
      )}
      <button type="button" onClick={props.onBack}>
        {t('common.back')}
      </button>
    </div>
  );
}
