/** Types of bundle-shell.mjs (a plain ES module script) for the TypeScript that imports it. */
export declare const SHELL_BUNDLE: string;
export declare const SHELL_WORKER: string;
export declare const SHELL_EXTERNAL: string[];
export declare function bundleShell(outfile?: string): Promise<void>;
