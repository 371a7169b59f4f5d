import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../preload/names';
import { bridgeUrl, decodeServerMessage, encodeRequest, offlineError, reconnectDelay } from './ws-protocol';

describe('browser-mode bridge messages', () => {
  it('opens the socket on the page origin without any token (the cookie carries it)', () => {
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:5123' })).toBe('ws://127.0.0.1:5123/bridge');
    expect(bridgeUrl({ protocol: 'https:', host: 'pos.local' })).toBe('wss://pos.local/bridge');
  });

  it('encodes a request with null for a missing input', () => {
    expect(JSON.parse(encodeRequest(7, 'getSnapshot', undefined))).toEqual({ id: 7, cmd: 'getSnapshot', input: null });
    expect(JSON.parse(encodeRequest(8, 'closeBill', { billId: 'b1' }))).toEqual({ id: 8, cmd: 'closeBill', input: { billId: 'b1' } });
  });

  it('decodes results, errors and events, tolerating unknown fields', () => {
    expect(decodeServerMessage('{"id":1,"result":{"ok":true,"value":null},"extra":1}')).toEqual({
      kind: 'result',
      id: 1,
      result: { ok: true, value: null },
    });
    expect(decodeServerMessage('{"id":2,"error":{"code":"BAD_INPUT","message":"billId: required"}}')).toEqual({
      kind: 'error',
      id: 2,
      error: { code: 'BAD_INPUT', message: 'billId: required' },
    });
    expect(decodeServerMessage('{"id":null,"error":{"code":"BAD_REQUEST","message":"id: must be a whole number."}}')).toMatchObject({
      kind: 'error',
      id: null,
    });
    const event = { type: 'table-removed', seq: 4, tableId: 't1' };
    expect(decodeServerMessage(JSON.stringify({ event }))).toEqual({ kind: 'event', event });
  });

  it('accepts every event type of the contract, from its one list', () => {
    expect(EVENT_TYPES.length).toBe(15); // + order and menu, attention, disk, database, payment-link, pos-cursor, staff
    for (const type of EVENT_TYPES) expect(decodeServerMessage(JSON.stringify({ event: { type, seq: 1 } })).kind, type).toBe('event');
  });

  it('names why it drops what it does not understand', () => {
    expect(decodeServerMessage('not json')).toEqual({ kind: 'dropped', reason: 'bad-json' });
    expect(decodeServerMessage('[1,2]')).toEqual({ kind: 'dropped', reason: 'not-an-object' });
    expect(decodeServerMessage('{"result":1}')).toEqual({ kind: 'dropped', reason: 'bad-id' });
    expect(decodeServerMessage('{"event":{"type":"mystery","seq":1}}')).toEqual({ kind: 'dropped', reason: 'unknown-event', detail: 'mystery' });
    expect(decodeServerMessage('{"event":{"type":"bill"}}')).toEqual({ kind: 'dropped', reason: 'bad-event', detail: 'bill' });
    expect(decodeServerMessage('{"id":3}')).toEqual({ kind: 'dropped', reason: 'no-result' });
  });

  it('backs off exponentially up to a cap', () => {
    const none = () => 0;
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, none))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelay(50, none)).toBe(10_000);
    expect(reconnectDelay(0, () => 1)).toBe(600);
  });

  it('answers commands with a cashier-readable error while offline', () => {
    const r = offlineError();
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/reconnects by itself/);
  });
});
