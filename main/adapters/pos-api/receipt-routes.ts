import type { z } from 'zod';
import { receiptView } from '../../features/receipts/receipt-view.js';
import { isStoreError } from '../../store/index.js';
import { HttpError } from './http-io.js';
import { storeErrorMessage } from './store-error-english.js';
import { ReceiptInput } from './receipt-schemas.js';
import type { Route } from './routes.js';

type Parse = <S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query') => z.output<S>;

/** The store's refusals keep their own code (NOT_POSTPONED, RECEIPT_ALREADY_GIVEN, PAYMENT_NOT_PAID): the POS acts on it. */
function refusal(e: unknown): never {
  if (!isStoreError(e)) throw e;
  const code = e.code === 'PAYMENT_NOT_FOUND' ? 'NOT_FOUND' : e.code;
  throw new HttpError(e.status, code, storeErrorMessage(e), e.field);
}

/** Receipts from the main POS (issue 13): the POSTPONED flow's endpoint, and any payment's receipt. */
export function receiptRoutes(parse: Parse): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/payments/{id}/receipt',
      handle: ({ store, params }) => {
        const view = receiptView(store, params.id!);
        if (!view) throw new HttpError(404, 'NOT_FOUND', `Payment ${params.id!} does not exist or has no receipt yet.`);
        return { status: 200, body: view };
      },
    },
    {
      method: 'PUT',
      path: '/v1/payments/{id}/receipt',
      body: true,
      handle: ({ store, params, body }) => {
        const receipt = parse(ReceiptInput, body, 'body');
        let repeated: boolean;
        try {
          repeated = store.giveReceipt(params.id!, receipt).repeated;
        } catch (e) {
          refusal(e);
        }
        return { status: repeated ? 200 : 201, body: receiptView(store, params.id!) };
      },
    },
  ];
}
