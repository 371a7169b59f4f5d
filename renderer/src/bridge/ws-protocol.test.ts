import { describe, expect, it } from 'vitest';
import { bridgeUrl, decodeServerMessage, encodeRequest, offlineError, reconnectDelay } from './ws-protocol';

describe('browser-mode bridge messages', () => {
  it('keeps the page token in the socket URL and follows the page scheme', () => {
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:5123', search: '?token=abc' })).toBe('ws://127.0.0.1:5123/bridge?token=abc');
    expect(bridgeUrl({ protocol: 'https:', host: 'pos.local', search: '' })).toBe('wss://pos.local/bridge');
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
    const event = { type: 'table-removed', seq: 4, tableId: 't1' };
    expect(decodeServerMessage(JSON.stringify({ event }))).toEqual({ kind: 'event', event });
  });

  it('refuses what it does not understand', () => {
    expect(decodeServerMessage('not json')).toBeNull();
    expect(decodeServerMessage('[1,2]')).toBeNull();
    expect(decodeServerMessage('{"result":1}')).toBeNull();
    expect(decodeServerMessage('{"event":{"type":"mystery","seq":1}}')).toBeNull();
    expect(decodeServerMessage('{"event":{"type":"bill"}}')).toBeNull();
    expect(decodeServerMessage('{"id":3}')).toBeNull();
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
