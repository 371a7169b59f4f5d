// The floors of main/: a file may import its own floor and the floors below it, never one above.
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

const ROOT = resolve(import.meta.dirname, '../..');

/** The floor of a repository-relative path, or -1 outside main/'s floors. */
export function layerOf(path) {
  const rel = path.split(sep).join('/');
  return LAYERS.findIndex((l) => l.dirs.some((d) => rel === d || rel.startsWith(`${d}/`)));
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'main/ imports only its own floor and the floors below (base < store < features < adapters < app < hosts).' },
    schema: [],
    messages: {
      up: '{{from}} is on the {{fromName}} floor and may not import {{to}} on the {{toName}} floor above it (main/README.md).',
    },
  },
  create(context) {
    const file = relative(ROOT, context.filename);
    const from = layerOf(file);
    if (from < 0) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(ROOT, resolve(dirname(context.filename), source));
      const to = layerOf(target);
      if (to > from) {
        context.report({ node, messageId: 'up', data: { from: file, fromName: LAYERS[from].name, to: target, toName: LAYERS[to].name } });
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
