// The print page: the QR sheet, print.html?tables=id1,id2[&autoprint=1] (the page's cookie
// carries the session), the day report, print.html?report=day&date=YYYY-MM-DD, a payment's
// receipt, print.html?receipt=<paymentId>, or an order's kitchen ticket,
// print.html?ticket=<orderId>. Sets
// body[data-ready="true"] once every code is drawn: the shell and the e2e test wait for it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { bridgeKind, getCompanionApi } from './bridge/index';
import { createI18n } from './i18n/create-i18n';
import { DayReportSheet } from './views/print/day-report-sheet';
import { LinkSheet } from './views/print/link-sheet';
import { PrintSheet } from './views/print/print-sheet';
import { ReceiptSheet } from './views/print/receipt-sheet';
import { TicketSheet } from './views/print/ticket-sheet';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('print.html has no #root');
const query = new URLSearchParams(window.location.search);
const tableIds = (query.get('tables') ?? '')
  .split(',')
  .map((id) => id.trim())
  .filter(Boolean);
const autoprint = query.get('autoprint') === '1' && bridgeKind() === 'browser';

const onReady = () => {
  document.body.dataset.ready = 'true';
  // Let the browser lay out the SVGs before its print dialog snapshots the page.
  if (autoprint) requestAnimationFrame(() => window.print());
};
const onError = (message: string) => {
  document.body.dataset.ready = 'error';
  document.body.dataset.error = message;
};

// A browser tab gets Print and Back: Back closes the tab the QR view opened, or goes back.
const browserActions =
  bridgeKind() === 'browser'
    ? {
        print: () => window.print(),
        back: () => {
          if (window.history.length > 1) window.history.back();
          else window.close();
        },
      }
    : undefined;

// On the root too: the page background (what prints below the cards) is the root's.
document.documentElement.classList.add('print-page');
document.body.classList.add('print-page');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={createI18n()}>
      {query.get('receipt') ? (
        <ReceiptSheet api={getCompanionApi()} paymentId={query.get('receipt') ?? ''} onReady={onReady} onError={onError} browserActions={browserActions} />
      ) : query.get('report') === 'day' ? (
        <DayReportSheet api={getCompanionApi()} date={query.get('date') ?? ''} onReady={onReady} onError={onError} browserActions={browserActions} />
      ) : query.get('ticket') ? (
        <TicketSheet api={getCompanionApi()} orderId={query.get('ticket') ?? ''} onReady={onReady} onError={onError} browserActions={browserActions} />
      ) : query.get('link') ? (
        // Payment links: print.html?link=<id>[&autoprint=1].
        <LinkSheet api={getCompanionApi()} linkId={query.get('link') ?? ''} onReady={onReady} onError={onError} browserActions={browserActions} />
      ) : (
        <PrintSheet api={getCompanionApi()} tableIds={tableIds} onReady={onReady} onError={onError} browserActions={browserActions} />
      )}
    </I18nextProvider>
  </StrictMode>,
);
