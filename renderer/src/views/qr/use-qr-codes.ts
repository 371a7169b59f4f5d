// The service's QR codes by table id: loaded once when the view opens, then kept up to date by
// this view's own create and delete commands (no event carries them).
import { useEffect, useState } from 'react';
import type { QrCodeView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import type { CommandRunner } from '../common/use-command';

export interface QrCodes {
  codes: Record<string, QrCodeView>;
  hasCode(tableId: string): boolean;
  create(tableIds: string[]): Promise<void>;
  /** True when the service deleted it (the row then shows no code). */
  remove(tableId: string): Promise<boolean>;
}

export function useQrCodes(command: CommandRunner): QrCodes {
  const api = useApi();
  const tables = useAppState((s) => s.tables);
  const [codes, setCodes] = useState<Record<string, QrCodeView>>({});
  const { run, setError } = command;

  useEffect(() => {
    let live = true;
    api.listQrCodes().then(
      (r) => {
        if (!live) return;
        if (r.ok) setCodes(Object.fromEntries(r.value.map((c) => [c.tableId, c])));
        else setError(r.error);
      },
      (e: unknown) => live && setError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, setError]);

  const create = async (tableIds: string[]) => {
    const result = await run(() => api.createQrCodes({ tableIds }));
    if (result.ok) setCodes((old) => ({ ...old, ...Object.fromEntries(result.value.map((c) => [c.tableId, c])) }));
  };
  const remove = async (tableId: string) => {
    const result = await run(() => api.deleteQrCode({ tableId }));
    if (!result.ok) return false;
    setCodes((old) => ({ ...old, [tableId]: { ...(old[tableId] ?? { tableId, tableName: tables[tableId]?.name ?? '' }), code: null, url: null } }));
    return true;
  };
  const hasCode = (tableId: string) => Boolean(codes[tableId]?.url);
  return { codes, hasCode, create, remove };
}
