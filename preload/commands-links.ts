import { z } from 'zod';
import { Id, NoInput, Print, command, returns } from './command-kit.js';
import type { PaymentLinkList, PaymentLinkView } from './views.js';

// The amount's rules (> 0, 2 places) are main/features/payment-links', which refuses by code.
const PaymentLinkInput = z.object({ amount: z.string().max(40), currency: z.string().max(10).optional(), description: z.string().max(1000).optional() });
export type PaymentLinkInput = z.output<typeof PaymentLinkInput>;

/** Payment links: links a guest pays from afar (phone order, deposit, tab), made at the service. */
export const LINK_COMMANDS = {
  /** Amount: a decimal string > 0 with at most 2 places; currency: default the till's. */
  createPaymentLink: command(PaymentLinkInput, returns<PaymentLinkView>()),
  /** The links this till made, newest first, each with the state the service reports now. */
  listPaymentLinks: command(NoInput, returns<PaymentLinkList>()),
  getPaymentLink: command(z.object({ linkId: Id }), returns<PaymentLinkView>()),
  /** Deleted at the service, then forgotten here (a link the service no longer knows is just forgotten). */
  deletePaymentLink: command(z.object({ linkId: Id }), returns<null>()),
  /** Electron prints the link's sheet from a hidden window; browser mode answers UNSUPPORTED and the page prints itself. */
  printPaymentLink: command(z.object({ linkId: Id, mode: Print }), returns<{ pdfPath: string | null }>()),
};
