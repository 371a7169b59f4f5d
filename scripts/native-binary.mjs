// What a compiled native module is, read from its file header, and whether it fits a package's
// target: a Linux build of better-sqlite3 in a Windows package only shows up on the till, as a
// failed start. Used by the afterPack hook (scripts/after-pack.mjs), the dist scripts and tests.
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

export const NATIVE_FILE = 'better_sqlite3.node';

/** electron-builder's ${os} macro for a Node/Electron platform name. */
export const OS_OF_PLATFORM = { win32: 'win', linux: 'linux', darwin: 'mac' };

/** Where the Electron build of better-sqlite3 for one target lives before packaging. */
export function nativeElectronDir(root, os, arch) {
  return path.join(root, 'out', 'native-electron', `${os}-${arch}`);
}

const PE_MACHINES = { 0x8664: 'x64', 0xaa64: 'arm64', 0x014c: 'ia32' };
const ELF_MACHINES = { 62: 'x64', 183: 'arm64', 3: 'ia32', 40: 'arm' };
const MACHO_CPUS = { 0x01000007: 'x64', 0x0100000c: 'arm64' };
// How each format's own documents name the machine: PE says x64/arm64, ELF x86-64/aarch64.
const ELF_WORDS = { x64: 'x86-64', arm64: 'aarch64', ia32: 'x86', arm: 'arm' };

/**
 * The format of a native module from its first bytes: { format: 'pe'|'elf'|'macho'|'unknown',
 * bits, arch, text }, `text` a few words for error sentences ("an ELF x86-64 file").
 */
export function describeBinary(header) {
  const b = Buffer.from(header);
  if (b.length >= 0x40 && b[0] === 0x4d && b[1] === 0x5a) {
    const pe = b.readUInt32LE(0x3c);
    if (pe + 26 <= b.length && b.readUInt32LE(pe) === 0x00004550) {
      const machine = b.readUInt16LE(pe + 4);
      const magic = b.readUInt16LE(pe + 24);
      const bits = magic === 0x20b ? 64 : magic === 0x10b ? 32 : 0;
      const arch = PE_MACHINES[machine] ?? `machine 0x${machine.toString(16)}`;
      return { format: 'pe', bits, arch, text: `a ${bits === 64 ? 'PE32+' : 'PE32'} ${arch} DLL` };
    }
    return { format: 'unknown', text: 'an MZ file without a PE header' };
  }
  if (b.length >= 20 && b.readUInt32BE(0) === 0x7f454c46) {
    const bits = b[4] === 2 ? 64 : 32;
    const machine = b[5] === 2 ? b.readUInt16BE(18) : b.readUInt16LE(18);
    const arch = ELF_MACHINES[machine] ?? `machine ${machine}`;
    return { format: 'elf', bits, arch, text: `an ELF${bits === 32 ? '32' : ''} ${ELF_WORDS[arch] ?? arch} file` };
  }
  if (b.length >= 8) {
    const magic = b.readUInt32LE(0);
    if (magic === 0xfeedfacf || magic === 0xfeedface) {
      const bits = magic === 0xfeedfacf ? 64 : 32;
      const arch = MACHO_CPUS[b.readUInt32LE(4)] ?? `cpu 0x${b.readUInt32LE(4).toString(16)}`;
      return { format: 'macho', bits, arch, text: `a Mach-O ${bits}-bit ${arch} file` };
    }
    // A universal (fat) file holds one image per arch; it serves either Mac arch.
    if (b.readUInt32BE(0) === 0xcafebabe) return { format: 'macho', bits: 64, arch: 'universal', text: 'a universal Mach-O file' };
  }
  return { format: 'unknown', text: 'not a PE, ELF or Mach-O file' };
}

/** What a target needs, in words for the error sentence. */
function wanted(os, arch) {
  if (os === 'win') return `a PE32+ ${arch} DLL`;
  if (os === 'linux') return `an ELF ${ELF_WORDS[arch] ?? arch} file`;
  return `a Mach-O 64-bit ${arch} file`;
}

function fits(found, os, arch) {
  if (os === 'win') return found.format === 'pe' && found.bits === 64 && found.arch === arch;
  if (os === 'linux') return found.format === 'elf' && found.bits === 64 && found.arch === arch;
  if (os === 'mac') return found.format === 'macho' && found.bits === 64 && (found.arch === arch || found.arch === 'universal');
  return false;
}

function readHeader(file) {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n);
  } catch {
    return Buffer.alloc(0);
  } finally {
    closeSync(fd);
  }
}

/**
 * Null when `file` is a native module for `os`-`arch` (os: win|linux|mac, arch: x64|arm64);
 * otherwise a sentence naming the file and what is wrong with it.
 */
export function nativeProblem(file, os, arch) {
  const target = `${os}-${arch}`;
  if (!existsSync(file)) {
    return `${file} is missing; a ${target} package needs ${wanted(os, arch)} there (npm run native:electron -- --platform ${platformOf(os)} --arch ${arch}).`;
  }
  const found = describeBinary(readHeader(file));
  if (fits(found, os, arch)) return null;
  return `${file} is ${found.text}; a ${target} package needs ${wanted(os, arch)}.`;
}

function platformOf(os) {
  return Object.entries(OS_OF_PLATFORM).find(([, o]) => o === os)?.[0] ?? os;
}
