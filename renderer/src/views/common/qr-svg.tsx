// A QR code drawn as inline SVG from its url with the `qrcode` package (vector, so it prints sharp).
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

// A quiet zone of 4 modules (what the QR standard asks for) drawn white inside the code itself, so
// it scans on any card, table or printer background.
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 4, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
}

export function QrSvg({ url, label, className, onDrawn }: { url: string; label: string; className?: string; onDrawn?(): void }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(url).then((text) => {
      if (live) setSvg(text);
    });
    return () => {
      live = false;
    };
  }, [url]);
  useEffect(() => {
    if (svg) onDrawn?.();
  }, [svg, onDrawn]);
  if (!svg) return null;
  // The markup is generated locally by `qrcode` from the url, never taken from the service as HTML.
  return <div className={className} role="img" aria-label={label} data-qr-url={url} dangerouslySetInnerHTML={{ __html: svg }} />;
}
