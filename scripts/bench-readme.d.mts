/** Types of bench-readme.mjs, for its unit test (test/bench/bench-readme.test.ts). */
export declare const START: string;
export declare const END: string;
export declare const PAGE: string;
export declare const INTRO: string;
export declare function formatNumber(n: number): string;
export declare function renderFigures(results: unknown): string;
export declare function renderPage(figures: string): string;
export declare function writeBenchmarksPage(root: string): number;
export declare const RESULTS: string;
export declare const HEADLINE_START: string;
export declare const HEADLINE_END: string;
export declare function renderResults(results: unknown): string;
export declare function renderHeadline(results: unknown): string;
