// The printer for silent QR printing (from main's list) and a test print.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app-context';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';

export function PrinterField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [printers, setPrinters] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const list = useCommand();
  const test = useCommand();
  const { run: runList } = list;

  useEffect(() => {
    void runList(() => api.listPrinters()).then((r) => {
      if (r.ok) setPrinters(r.value);
    });
  }, [api, runList]);

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
