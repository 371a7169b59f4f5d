import { describe, expect, it } from 'vitest';
import { COMMANDS, parseCommandInput, parseCommandResult } from '../../preload/commands.js';
import { ERROR_CODES, isErrorCode, STORE_ERROR_CODES } from '../../preload/error-codes.js';
import { COMMAND_NAMES } from '../../preload/names.js';

describe('the command tables', () => {
  it('name every command once: the name list is the tables', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(Object.keys(COMMANDS).sort());
    expect(new Set(COMMAND_NAMES).size).toBe(COMMAND_NAMES.length);
    expect(COMMAND_NAMES).toEqual(expect.arrayContaining(['openBill', 'setOrderStatus', 'saveSettings', 'createPaymentLink', 'retryRecovery']));
  });

  it("check an input with the command's own schema: unknown fields stripped, bad ones refused", () => {
    expect(parseCommandInput('closeBill', { billId: 'b1', extra: true })).toEqual({ ok: true, input: { billId: 'b1' } });
    expect(parseCommandInput('reconnect', { anything: 1 })).toEqual({ ok: true, input: undefined });
    const bad = parseCommandInput('setOrderStatus', { orderId: 'o1', status: 'NEW' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.issues[0]?.path).toEqual(['status']);
  });

  it('let through an answer shaped as a CommandResult, and nothing else', () => {
    const okAnswer = { ok: true, value: { id: 'b1' } };
    expect(parseCommandResult('openBill', okAnswer)).toBe(okAnswer);
    const refusal = { ok: false, error: { code: 'BILL_LOCKED', params: { table: '2' }, action: 'closeBill' } };
    expect(parseCommandResult('closeBill', refusal)).toBe(refusal);
    expect(parseCommandResult('openBill', { ok: 'yes' })).toBeNull();
    expect(parseCommandResult('openBill', { ok: false, error: { code: 7 } })).toBeNull();
    expect(parseCommandResult('openBill', null)).toBeNull();
  });
});

describe('the error codes', () => {
  it('are one list holding the store codes, each once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of STORE_ERROR_CODES) expect(isErrorCode(code), code).toBe(true);
    expect(isErrorCode('WEIRD_NEW')).toBe(false);
  });
});
