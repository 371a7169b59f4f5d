/** Types of after-pack.mjs (electron-builder's afterPack hook) for the TypeScript that calls it. */
export interface PackContext {
  appOutDir: string;
  electronPlatformName: string;
  /** builder-util's Arch (1 = x64, 3 = arm64) or its name. */
  arch: number | string;
  packager: { getResourcesDir(appOutDir: string): string };
}
export declare function packedNativeProblem(context: PackContext): string | null;
export declare function afterPack(context: PackContext): Promise<void>;
export default afterPack;
