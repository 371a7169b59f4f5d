// "Pause orders": while on, main answers every orderPrepare with ORDERS_PAUSED, so guests cannot
// order (kitchen closed, too busy). One press each way.
import { useTranslation } from 'react-i18next';
import { useApi, useAppState, useServices } from '../../services/app-context';
import { useCommand } from '../common/use-command';
import { orderErrorText } from './order-text';

export function PauseSwitch() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const paused = useAppState((s) => s.ordersPaused);
  const { store } = useServices();
  const { run, error, pending } = useCommand();
  const toggle = async () => {
    const result = await run(() => api.setOrdersPaused({ paused: !paused }));
    // The menu event brings the same value; set it now so the switch answers the press at once.
    if (result.ok) store.setState({ ordersPaused: result.value.paused });
  };
  return (
    <div className="pause-orders">
      <button
        type="button"
        role="switch"
        aria-checked={paused}
        aria-describedby="pause-orders-hint"
        className={paused ? 'switch on' : 'switch'}
        disabled={pending}
        onClick={() => void toggle()}
      >
        <span className="switch-knob" aria-hidden="true" />
        {t('orders.pause')}
      </button>
      <span id="pause-orders-hint" className="hint">
        {t('orders.pauseHint')}
      </span>
      {error && (
        <p role="alert" className="error" data-code={error.code}>
          {orderErrorText(t, i18n, error)}
        </p>
      )}
    </div>
  );
}
