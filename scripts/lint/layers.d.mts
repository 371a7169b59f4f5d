import type { ESLint } from 'eslint';

export declare const LAYERS: readonly { name: string; dirs: readonly string[] }[];
export declare const RENDERER_LAYERS: readonly { name: string; dirs: readonly string[] }[];
export declare function layerOf(path: string, layers?: readonly { name: string; dirs: readonly string[] }[]): number;
declare const plugin: ESLint.Plugin;
export default plugin;
