import path from 'node:path';
import { runSelfTest, SELF_TEST_FLAG } from '../app/self-test.js';
import { API_KEY_FILE, createSafeStorageSecrets, type SafeStorageLike } from './safe-storage-secrets.js';
import { electronNativeBinding, NATIVE_BINDING_FILE } from './shell-options.js';

export { SELF_TEST_FLAG };

const FLUSH_WAIT_MS = 2_000;

/** The part of Electron's app the self-test uses (no electron import here: tested in Node). */
export interface SelfTestApp {
  readonly isPackaged: boolean;
  whenReady(): Promise<unknown>;
  getPath(name: 'userData'): string;
  exit(code: number): void;
}

export function isSelfTest(argv: readonly string[]): boolean {
  return argv.includes(SELF_TEST_FLAG);
}

/**
 * The native module the self-test loads: packaged, always <resources>/native/better_sqlite3.node
 * (missing is a failure that names it, never the module's own build); in a checkout, the app's choice.
 */
export function selfTestNativeBinding(shellDir: string, packaged: boolean, resourcesPath: string): string | undefined {
  if (packaged) return path.join(resourcesPath, 'native', NATIVE_BINDING_FILE);
  return electronNativeBinding(path.resolve(shellDir, '..', '..', '..'), false, resourcesPath);
}

/**
 * `Tableside.exe --self-test`: the checks of main/app/self-test.ts on stdout, then app.exit with
 * their verdict. Called before the single-instance lock, the logger and any window, so it runs
 * beside a running Tableside. It waits for ready because safeStorage decrypts only after it. Never
 * resolves: app.exit ends the process, and nothing of the app's start may run after it.
 */
export async function selfTestThenExit(o: { app: SelfTestApp; safeStorage: SafeStorageLike; shellDir: string; resourcesPath: string }): Promise<never> {
  await o.app.whenReady();
  const dataDir = o.app.getPath('userData');
  // A reader that went away (a closed pipe) must not turn the verdict into a crash.
  process.stdout.on('error', () => undefined);
  const code = await runSelfTest({
    nativeBinding: selfTestNativeBinding(o.shellDir, o.app.isPackaged, o.resourcesPath),
    dataDir,
    secrets: (log) => createSafeStorageSecrets(dataDir, o.safeStorage, log),
    secretsFile: path.join(dataDir, API_KEY_FILE),
    write: (line) => process.stdout.write(`${line}\n`),
  }).catch((e: unknown) => {
    process.stdout.write(`FAIL self-test  ${(e as Error).message}\n`);
    return 1;
  });
  await flushStdout();
  o.app.exit(code);
  return new Promise<never>(() => undefined);
}

/**
 * A pipe's writes may still be queued (Windows): the last one's callback comes after all of them.
 * Bounded, since a windowed program's stdout may be attached to nothing that ever answers.
 */
function flushStdout(): Promise<void> {
  return new Promise<void>((resolve) => {
    setTimeout(resolve, FLUSH_WAIT_MS);
    process.stdout.write('', () => resolve());
  });
}
