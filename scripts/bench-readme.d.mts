/** Types of bench-readme.mjs, for its unit test (test/bench/bench-readme.test.ts). */
export declare const START: string;
export declare const END: string;
export declare function formatNumber(n: number): string;
export declare function renderFigures(results: unknown): string;
export declare function replaceBetweenMarkers(readme: string, figures: string): string;
