import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUiApi } from '../../main/adapters/ui-bridge/ui-api.js';
import { FEATURES, FEATURE_ROUTES, UI_FEATURES, type FeatureContext } from '../../main/app/features.js';
import { POS_API_ROUTES } from '../../main/app/pos-api.js';
import { COMMAND_NAMES } from '../../preload/names.js';

const bridge = { subscribe: () => () => {}, seq: () => 0 };
// The records only build their handlers; nothing in the context is called here.
const context = {} as FeatureContext;

describe('each feature hands the root one record', () => {
  it('every command comes from exactly one record', () => {
    const owners = new Map<string, string[]>();
    for (const f of FEATURES) for (const name of Object.keys(f.commands(context))) owners.set(name, [...(owners.get(name) ?? []), f.name]);
    expect([...owners.keys()].sort()).toEqual([...COMMAND_NAMES].sort());
    expect([...owners].filter(([, by]) => by.length > 1)).toEqual([]);
  });

  it('a command no record serves stops the start, naming it', () => {
    const withoutDemo = UI_FEATURES.filter((f) => f.name !== 'demo');
    expect(() => createUiApi(withoutDemo, context, bridge)).toThrow(/no feature serves guestPay, guestOrder/);
  });

  it('a command two records serve stops the start, naming it', () => {
    const twice = [...UI_FEATURES, UI_FEATURES.find((f) => f.name === 'demo')!];
    expect(() => createUiApi(twice, context, bridge)).toThrow(/command guestPay is served by two features/);
  });

  it('the POS API serves exactly the records’ routes, and its document', () => {
    const fromRecords = FEATURE_ROUTES.flat().map((r) => `${r.method} ${r.path}`);
    const served = POS_API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(served.filter((r) => !fromRecords.includes(r))).toEqual(['GET /v1/openapi.json', 'GET /v1/events', 'POST /v1/events/ack']);
    expect(fromRecords.every((r) => served.includes(r))).toBe(true);
  });

  it('every feature folder with commands or routes has its record in the list', () => {
    const root = join(import.meta.dirname, '../../main/features');
    const names = new Set(FEATURES.map((f) => f.name));
    const folders = readdirSync(root).filter((d) => readdirSync(join(root, d)).some((f) => /commands\.ts$|^pos-api\.ts$/.test(f)));
    expect(folders.length).toBeGreaterThan(7);
    for (const folder of folders) {
      expect(existsSync(join(root, folder, 'feature.ts')), folder).toBe(true);
      expect(names.has(folder), folder).toBe(true);
    }
  });
});
