// The floors of main/ and of renderer/: a file may import its own floor and the floors below it,
// never one above.
// Type-only imports count too: a type that points up ties the floors together as much as a value.
import { dirname, relative, resolve, sep } from 'node:path';

/** Bottom to top. The hosts are the top: nothing in main/ imports them. */
export const LAYERS = [
  { name: 'base', dirs: ['main/base'] },
  { name: 'store', dirs: ['main/store'] },
  { name: 'features', dirs: ['main/features'] },
  { name: 'adapters', dirs: ['main/adapters'] },
  { name: 'app', dirs: ['main/app'] },
  { name: 'hosts', dirs: ['main/headless', 'main/shell'] },
];

/** Bottom to top. The views' folders share a floor: test/architecture keeps them out of loops. */
export const RENDERER_LAYERS = [
  { name: 'state', dirs: ['renderer/src/store', 'renderer/src/format', 'renderer/src/i18n'] },
  { name: 'bridge', dirs: ['renderer/src/bridge'] },
  { name: 'services', dirs: ['renderer/src/services'] },
  { name: 'views', dirs: ['renderer/src/views'] },
  { name: 'entry', dirs: ['renderer/src/main', 'renderer/src/print-main', 'renderer/src/staff'] },
];

/** Each tree's floors, and the README that tells them. */
const TREES = [
  { layers: LAYERS, readme: 'main/README.md' },
  { layers: RENDERER_LAYERS, readme: 'renderer/README.md' },
];

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The floor of a repository-relative path among `layers` (main/'s by default), or -1 outside them.
 * A file named without its extension (an import specifier) is the same file.
 */
export function layerOf(path, layers = LAYERS) {
  const rel = path.split(sep).join('/');
  const bare = rel.replace(/\.(tsx?|mts|cts|m?js)$/, '');
  return layers.findIndex((l) => l.dirs.some((d) => rel === d || bare === d || rel.startsWith(`${d}/`)));
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'main/ (base < store < features < adapters < app < hosts) and renderer/ (state < bridge < services < views < entry) import only their own floor and the floors below.',
    },
    schema: [],
    messages: {
      up: '{{from}} is on the {{fromName}} floor and may not import {{to}} on the {{toName}} floor above it ({{readme}}).',
    },
  },
  create(context) {
    const file = relative(ROOT, context.filename);
    const tree = TREES.find((t) => layerOf(file, t.layers) >= 0);
    if (!tree) return {};
    const { layers, readme } = tree;
    const from = layerOf(file, layers);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(ROOT, resolve(dirname(context.filename), source));
      const to = layerOf(target, layers);
      if (to > from) {
        context.report({ node, messageId: 'up', data: { from: file, fromName: layers[from].name, to: target, toName: layers[to].name, readme } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => {
        const arg = node.argument?.literal ?? node.argument;
        if (arg?.type === 'Literal') check(node, arg.value);
      },
    };
  },
};

export default { rules: { floors: rule } };
