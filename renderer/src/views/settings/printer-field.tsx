// The printer for silent QR printing (from main's list) and a test print.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';

export function PrinterField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [printers, setPrinters] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const list = useCommand();
  const test = useCommand();
  const { setError: setListError } = list;

  useEffect(() => {
    let live = true;
    api.listPrinters().then(
      (r) => {
        if (!live) return;
        if (r.ok) setPrinters(r.value);
        else setListError(r.error);
      },
      (e: unknown) => live && setListError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, setListError]);

  // A printer saved earlier but not connected now stays selectable, so saving does not drop it.
  const options = value && !printers.includes(value) ? [value, ...printers] : printers;
  const testPrint = async () => {
    setDone(false);
    const r = await test.run(() => api.testPrint());
    setDone(r.ok);
  };

  return (
    <div className="field-row">
      <label>
        {t('settings.printer')}
        <select value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('settings.defaultPrinter')}</option>
          {options.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={test.pending} onClick={() => void testPrint()}>
        {t('settings.testPrint')}
      </button>
      {done && <p role="status">{t('settings.testPrintSent')}</p>}
      <CommandErrorText error={list.error ?? test.error} />
    </div>
  );
}
