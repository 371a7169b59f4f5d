/** Types of native-binary.mjs (a plain ES module script) for the TypeScript that imports it. */
export declare const NATIVE_FILE: string;
export declare const OS_OF_PLATFORM: Record<string, string>;
export declare function nativeElectronDir(root: string, os: string, arch: string): string;
export interface BinaryKind {
  format: 'pe' | 'elf' | 'macho' | 'unknown';
  bits?: number;
  arch?: string;
  text: string;
}
export declare function describeBinary(header: Uint8Array): BinaryKind;
export declare function nativeProblem(file: string, os: string, arch: string): string | null;
