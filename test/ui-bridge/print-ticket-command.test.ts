import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommandInput } from '../../main/adapters/ui-bridge/command-schemas.js';
import { orderCommands } from '../../main/features/orders/order-commands.js';
import type { PrintMode } from '../../preload/contract.js';
import { tempStore } from '../store/helpers.js';
import { order, seedMenu } from '../store/menu-helpers.js';
import { memoryLogger } from './memory-log.js';

// The kitchen ticket command hands the order to the shell's print port.
describe('printTicket', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
    t.store.startOrder(order('o1'));
  });
  afterEach(() => t.cleanup());

  const commands = (printTicket?: (input: { orderId: string; mode: PrintMode }) => Promise<{ ok: true; value: { pdfPath: string | null } }>) =>
    orderCommands({
      store: t.store,
      log: memoryLogger().log,
      client: () => {
        throw new Error('printing never talks to the service');
      },
      shell: printTicket ? { printTicket } : {},
    });

  it('passes the order and the mode to the shell', async () => {
    const asked: unknown[] = [];
    const result = await commands(async (input) => {
      asked.push(input);
      return { ok: true, value: { pdfPath: '/tmp/ticket-o1.pdf' } };
    }).printTicket({ orderId: 'o1', mode: 'silent' });
    expect(asked).toEqual([{ orderId: 'o1', mode: 'silent' }]);
    expect(result).toEqual({ ok: true, value: { pdfPath: '/tmp/ticket-o1.pdf' } });
  });

  it('an unknown order is refused before printing; without the desktop shell it is UNSUPPORTED', async () => {
    const asked: unknown[] = [];
    const missing = await commands(async (input) => {
      asked.push(input);
      return { ok: true, value: { pdfPath: null } };
    }).printTicket({ orderId: 'nope', mode: 'dialog' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_FOUND', action: 'printTicket' } });
    expect(asked).toEqual([]);
    expect(await commands().printTicket({ orderId: 'o1', mode: 'dialog' })).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED' } });
  });

  it('bad input names the field', () => {
    const parsed = parseCommandInput('printTicket', { orderId: 'o1', mode: 'fax' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toEqual({ code: 'BAD_INPUT', params: { field: 'mode', fields: 'mode' }, action: 'printTicket' });
  });
});
