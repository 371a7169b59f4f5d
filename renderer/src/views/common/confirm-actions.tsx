import { useTranslation } from 'react-i18next';

/**
 * The action row of a confirmation dialog: the confirming button (left out when the action is
 * no longer possible) and Back, which closes the dialog. Back takes the focus, so Enter on an
 * opened dialog never confirms a destructive action; that takes a deliberate click (or Tab to it).
 * While the command runs the confirming button is aria-disabled rather than disabled: a
 * disabled button drops the focus to the page, and after a failure it must stay in the dialog.
 */
export function ConfirmActions(props: {
  label: string;
  onConfirm?: () => unknown;
  pending: boolean;
  danger?: boolean;
  onBack: () => void;
  backLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="button" data-autofocus onClick={props.onBack}>
        {props.backLabel ?? t('common.back')}
      </button>
      {props.onConfirm && (
        <button
          type="button"
          className={props.danger ? 'danger' : undefined}
          aria-disabled={props.pending || undefined}
          onClick={() => {
            if (!props.pending) void props.onConfirm?.();
          }}
        >
          {props.label}
        </button>
      )}
    </div>
  );
}
