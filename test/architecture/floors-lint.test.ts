import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layers from '../../scripts/lint/layers.mjs';
import { ROOT } from './import-graph.js';

/** The floors rule alone, on text that never has to exist in the tree. */
function floorsOnly(): ESLint {
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { layers }, rules: { 'layers/floors': 'error' } },
    ],
  });
}

async function floorErrors(file: string, code: string): Promise<string[]> {
  const [result] = await floorsOnly().lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the floors of main/ in the lint', () => {
  it('the project lint applies the floors rule to every file of main/', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of [
      'main/base/clock.ts',
      'main/store/index.ts',
      'main/features/bills/views.ts',
      'main/adapters/pos-api/index.ts',
      'main/app/companion.ts',
      'main/headless/cli.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as { rules: Record<string, unknown> };
      expect(config.rules['layers/floors'], file).toEqual([2]);
    }
  });

  it('refuses an import that runs up a floor, a type-only one included', async () => {
    expect(
      await floorErrors('main/features/bills/x.ts', "import { startPosApi } from '../../adapters/pos-api/index.js';\nexport const f = startPosApi;\n"),
    ).toEqual([
      expect.stringMatching(
        /^layers\/floors: main\/features\/bills\/x\.ts is on the features floor and may not import main\/adapters\/pos-api\/index\.js on the adapters floor/,
      ),
    ]);
    expect(await floorErrors('main/base/x.ts', "import type { BillsStore } from '../store/index.js';\nexport type S = BillsStore;\n")).toHaveLength(1);
    expect(await floorErrors('main/store/x.ts', "export { createCompanion } from '../app/companion.js';\n")).toHaveLength(1);
    expect(await floorErrors('main/app/x.ts', "export const load = () => import('../shell/main.js');\n")).toHaveLength(1);
  });

  it('lets a file import its own floor and the floors below', async () => {
    expect(
      await floorErrors(
        'main/adapters/x.ts',
        "import { ok } from '../base/command-result.js';\nimport { billViews } from '../features/bills/views.js';\nimport type { BillsStore } from '../store/index.js';\nexport const all = [ok, billViews] as const;\nexport type S = BillsStore;\n",
      ),
    ).toEqual([]);
    expect(
      await floorErrors(
        'main/features/receipts/x.ts',
        "import { createOrderStatusSender } from '../orders/index.js';\nexport const s = createOrderStatusSender;\n",
      ),
    ).toEqual([]);
  });
});

describe('the floors of renderer/ in the lint', () => {
  it('the project lint applies the floors rule to every floor of renderer/', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of [
      'renderer/src/store/app-store.ts',
      'renderer/src/bridge/index.ts',
      'renderer/src/services/app-context.tsx',
      'renderer/src/views/app.tsx',
      'renderer/src/main.tsx',
    ]) {
      const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as { rules: Record<string, unknown> };
      expect(config.rules['layers/floors'], file).toEqual([2]);
    }
  });

  it('refuses an import that runs up a floor, naming the renderer README', async () => {
    expect(await floorErrors('renderer/src/store/x.ts', "import type { AppServices } from '../services/app-context';\nexport type S = AppServices;\n")).toEqual(
      [
        expect.stringMatching(
          /^layers\/floors: renderer\/src\/store\/x\.ts is on the state floor and may not import renderer\/src\/services\/app-context on the services floor above it \(renderer\/README\.md\)/,
        ),
      ],
    );
    expect(await floorErrors('renderer/src/bridge/x.ts', "export { App } from '../views/app';\n")).toHaveLength(1);
    expect(await floorErrors('renderer/src/views/tables/x.tsx', "export const load = () => import('../../main');\n")).toHaveLength(1);
  });

  it('lets a file import its own floor and the floors below, a view another view', async () => {
    expect(
      await floorErrors(
        'renderer/src/views/tables/x.tsx',
        "import { useAppState } from '../../services/app-context';\nimport { byPosOrder } from '../../store/selectors';\nimport { PaymentStateBadge } from '../payments/payment-state-badge';\nexport const all = [useAppState, byPosOrder, PaymentStateBadge] as const;\n",
      ),
    ).toEqual([]);
    expect(await floorErrors('renderer/src/main.tsx', "import { App } from './views/app';\nexport const a = App;\n")).toEqual([]);
  });
});
