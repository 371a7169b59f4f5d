// electron-builder afterPack hook (electron-builder.yml): a package whose Electron build of
// better-sqlite3 is missing or built for another system fails here, before it is signed or
// shipped, instead of at the till's first start. The file is read where the app reads it:
// <resources>/native/better_sqlite3.node.
import { createRequire } from 'node:module';
import path from 'node:path';
import { NATIVE_FILE, OS_OF_PLATFORM, nativeProblem } from './native-binary.mjs';

const require = createRequire(import.meta.url);

/** The packed native module's problem for this pack context (null when it fits). */
export function packedNativeProblem(context) {
  const { Arch } = require('builder-util');
  const os = OS_OF_PLATFORM[context.electronPlatformName] ?? context.electronPlatformName;
  const arch = typeof context.arch === 'number' ? Arch[context.arch] : String(context.arch);
  const resources = context.packager.getResourcesDir(context.appOutDir);
  return nativeProblem(path.join(resources, 'native', NATIVE_FILE), os, arch);
}

export async function afterPack(context) {
  const problem = packedNativeProblem(context);
  if (problem !== null) throw new Error(problem);
}

export default afterPack;
