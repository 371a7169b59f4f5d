/** Types of bundle-headless.mjs (a plain ES module script) for the TypeScript that imports it. */
export declare const HEADLESS_BUNDLE: string;
export declare const EXTERNAL: string[];
export declare function bundleHeadless(outfile?: string): Promise<void>;
