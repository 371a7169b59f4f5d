import type { CompanionApi } from '../../../preload/contract.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { BillsStore, OrdersStore, StoreEngine } from '../../store/index.js';
import { attempt, fail, ok } from '../../base/command-result.js';
import { menuEntry, orderView } from './views.js';

type OrderCommands = Pick<CompanionApi, 'setMenuItemAvailable' | 'setOrderStatus' | 'setOrdersPaused' | 'getServiceOrderStatus' | 'printTicket'>;

/** Only the desktop app prints from here; the browser's ticket page has its own Print button. */
const NO_PRINTER = fail<never>('UNSUPPORTED', { reason: 'ticket' });

/**
 * The cashier's menu and order commands: the same store operations as the local POS
 * API. The service hears of each change from main/orders (menu sync, status sender), not from here,
 * so a command answers as soon as the change is stored, with or without a connection.
 */
export function orderCommands(deps: {
  store: BillsStore & OrdersStore & StoreEngine;
  log: Logger;
  client(): ServiceClient;
  shell: Pick<ShellPorts, 'printTicket'>;
}): OrderCommands {
  const { store, log } = deps;
  const run = <T>(name: string, fn: Parameters<typeof attempt<T>>[2]) => attempt<T>(log, name, fn);
  return {
    setMenuItemAvailable: (input) =>
      run('setMenuItemAvailable', () => {
        if (!store.getMenuItem(input.itemId)) return fail('MENU_ITEM_NOT_FOUND');
        store.patchMenuItem(input.itemId, { available: input.available });
        return ok(menuEntry(store, input.itemId)!);
      }),
    setOrderStatus: (input) =>
      run('setOrderStatus', () => {
        if (!store.getOrder(input.orderId)) return fail('ORDER_NOT_FOUND');
        store.setOrderStatus(input.orderId, input.status, input.reason ?? null);
        return ok(orderView(store, input.orderId)!);
      }),
    setOrdersPaused: (input) =>
      run('setOrdersPaused', () => {
        store.setOrdersPaused(input.paused);
        return ok({ paused: store.ordersPaused() });
      }),
    getServiceOrderStatus: (input) =>
      run('getServiceOrderStatus', async () => {
        const answer = await deps.client().getOrderStatus(input.orderId);
        return answer.ok ? ok({ status: answer.value.status }) : fail(answer.code);
      }),
    printTicket: (input) =>
      run('printTicket', () => {
        if (!store.getOrder(input.orderId)) return fail('ORDER_NOT_FOUND');
        return deps.shell.printTicket?.(input) ?? NO_PRINTER;
      }),
  };
}
