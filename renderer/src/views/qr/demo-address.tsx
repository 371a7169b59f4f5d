// Demo mode: which address a phone opens after scanning, read from the codes' own urls (the
// embedded sandbox listens on this computer, or on the LAN with IT's demoOnLan), so staff know
// whether a real phone can train with them.
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../services/app-context';
import type { QrCodes } from './use-qr-codes';

function originOf(url: string): { origin: string; loopback: boolean } | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    return { origin: u.origin, loopback: host === 'localhost' || host === '::1' || host.startsWith('127.') };
  } catch {
    return null;
  }
}

export function DemoPhoneAddress({ qr }: { qr: QrCodes }) {
  const { t } = useTranslation();
  const demo = useAppState((s) => s.demo);
  if (!demo) return null;
  const url = Object.values(qr.codes).find((c) => c.url)?.url;
  const where = url ? originOf(url) : null;
  if (!where) return null;
  return (
    <p className="demo-address" role="note">
      {t(where.loopback ? 'qr.demoAddress.demoThisComputer' : 'qr.demoAddress.demoPhones', { address: where.origin })}
    </p>
  );
}
