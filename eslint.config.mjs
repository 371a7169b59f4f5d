// Lint, type-aware, with the import borders of docs/DESIGN.md (style 1) enforced per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './scripts/lint/layers.mjs';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process', 'stream', 'url', 'util', 'events', 'worker_threads'];

const border = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
});

/** Files on the path of every payment call and scan (docs/decisions/005-hot-paths-and-the-gc.md). */
const HOT_PATHS = [
  'main/store/repos/bills-repo.ts',
  'main/store/repos/events-repo.ts',
  'main/store/repos/payments-repo.ts',
  'main/store/payments/payment-ops.ts',
  'main/features/bills/answer-cache.ts',
  'main/features/bills/wire-bill.ts',
  'main/base/method-types.ts',
  'main/features/payments/commit-batcher.ts',
  'main/adapters/connection/transport/ws-frame-handler.ts',
  'main/app/ui-events.ts',
];
const NO_SPREAD =
  'No object spread on a hot path: on Node 20 its clone survives young-generation GCs. Build a literal or use Object.assign (docs/decisions/005-hot-paths-and-the-gc.md).';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-results/**', 'bench/**', 'coverage/**', '**/*.mjs', '**/*.cjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.shell.json', './tsconfig.renderer-test.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // The wire-format module imports nothing else of ours.
  {
    files: ['main/base/wire/**'],
    rules: border([
      { group: ['../*', '../**'], message: 'main/wire imports nothing else of ours (docs/DESIGN.md, style 1).' },
      { group: ['electron'], message: 'no electron outside main/shell' },
    ]),
  },
  // main/ except the shell: plain Node, no electron, no renderer; and outside the two hosts no
  // sandbox/ either (demo mode is a port the hosts pass in, docs/DESIGN.md).
  {
    files: ['main/**'],
    ignores: ['main/shell/**', 'main/base/wire/**', 'main/headless/**'],
    rules: border([
      { group: ['electron', 'electron/*'], message: 'Only main/shell imports electron (docs/DESIGN.md).' },
      { group: ['**/renderer/**'], message: 'main never imports the renderer.' },
      {
        group: ['**/sandbox', '**/sandbox/**'],
        message: 'Only the hosts (main/headless, main/shell) import sandbox/: pass it to createCompanion as the demo port.',
      },
    ]),
  },
  // The floors of main/ (base < store < features < adapters < app < hosts) and of renderer/
  // (state < bridge < services < views < entry); no import runs up.
  {
    files: ['main/**', 'renderer/**'],
    plugins: { layers },
    rules: { 'layers/floors': 'error' },
  },
  // The headless host: plain Node like the core; it may hand the core the embedded sandbox.
  {
    files: ['main/headless/**'],
    rules: border([
      { group: ['electron', 'electron/*'], message: 'Only main/shell imports electron (docs/DESIGN.md).' },
      { group: ['**/renderer/**'], message: 'main never imports the renderer.' },
    ]),
  },
  // The shell may import electron and the core, never the renderer.
  {
    files: ['main/shell/**'],
    rules: border([{ group: ['**/renderer/**'], message: 'main never imports the renderer.' }]),
  },
  // The sandbox is the service's stand-in: from main/ only the wire-format module.
  {
    files: ['sandbox/**'],
    rules: border([
      { regex: '(^|/)main/(?!base/wire(/|$))', message: 'sandbox/ imports only main/base/wire from main (docs/DESIGN.md, style 1).' },
      { group: ['electron'], message: 'no electron outside main/shell' },
      { group: ['**/renderer/**', '**/preload/**'], message: 'sandbox/ stands alone.' },
    ]),
  },
  // The reference POS is a POS vendor's program: it knows Tableside only through HTTP and the types
  // generated from the served document, never through our sources.
  {
    files: ['examples/**'],
    rules: border([{ group: ['../*', '../**', '!./*'], message: 'examples/ talk to Tableside over HTTP only: no imports of main/, sandbox/ or test/.' }]),
  },
  // The preload: electron's contextBridge/ipcRenderer and the contract only.
  {
    files: ['preload/**'],
    rules: border(
      [
        { group: ['../*', '../**'], message: 'preload imports only electron and its own contract (docs/DESIGN.md, style 1).' },
        { group: nodeBuiltins, message: 'preload has no Node access.' },
      ],
      [{ name: 'electron', allowImportNames: ['contextBridge', 'ipcRenderer'], message: 'preload uses only contextBridge and ipcRenderer.' }],
    ),
  },
  // Only the store's transaction wrapper mints a WriteTx: a write outside a transaction is a type
  // error, and this keeps anyone from minting the brand by hand.
  {
    files: ['main/**', 'sandbox/**', 'preload/**', 'renderer/**'],
    ignores: ['main/store/engine/transactions.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name='asWriteTx']", message: 'Only main/store/engine/transactions.ts mints a WriteTx.' },
      ],
    },
  },
  // The hot paths of a payment and a scan build records without object spreads: Node 20 keeps a
  // spread's clone alive through young-generation GCs (docs/decisions/005-hot-paths-and-the-gc.md).
  {
    files: HOT_PATHS,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name='asWriteTx']", message: 'Only main/store/engine/transactions.ts mints a WriteTx.' },
        { selector: 'ObjectExpression > SpreadElement', message: NO_SPREAD },
      ],
    },
  },
  {
    files: ['main/store/engine/transactions.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'ObjectExpression > SpreadElement', message: NO_SPREAD }] },
  },
  // No function over 110 lines as prettier wraps them at 160 columns (80 hand-wrapped lines before
  // the formatter; blank lines and comments not counted; a factory closure counts): split the work
  // into named helpers. Tests and the shipped migrations (never edited) aside.
  {
    files: ['main/**', 'preload/**', 'renderer/**', 'sandbox/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'renderer/src/test/**', 'main/store/engine/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 110, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  // The renderer: React, zustand, i18n, type-only imports of the contract, and at run time the
  // contract's name lists (preload/names), its command tables' checks (preload/commands) and the
  // error codes (preload/error-codes): plain zod and constants. No Node, no main.
  {
    files: ['renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...border([
        { group: nodeBuiltins, message: 'The renderer has no Node access (docs/DESIGN.md, style 1).' },
        { group: ['electron', 'ws', 'better-sqlite3', 'pino'], message: 'The renderer talks to main only through CompanionApi.' },
        { group: ['**/main/**', '**/sandbox/**'], message: 'The renderer never imports main/ or sandbox/.' },
        {
          group: [
            '**/preload/**',
            '!**/preload/contract',
            '!**/preload/contract.js',
            '!**/preload/names',
            '!**/preload/names.js',
            '!**/preload/commands',
            '!**/preload/commands.js',
            '!**/preload/error-codes',
            '!**/preload/error-codes.js',
            '!**/preload/staff-frames',
            '!**/preload/staff-frames.js',
          ],
          message: 'From preload/ only the contract (types), names (the lists), commands (the checks), error-codes and staff-frames (the phone page).',
        },
        { group: ['**/preload/contract', '**/preload/contract.js'], allowTypeImports: true, message: 'Import the contract with `import type`.' },
      ]),
    },
  },
);
