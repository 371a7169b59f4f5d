import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { QrLogoInfo } from '../../../preload/contract.js';
import { writePrivateFile } from '../../base/private-files.js';

/**
 * The restaurant's logo on the printed QR card: a PNG or JPEG the manager picks in Settings, kept
 * in the data dir as `qr-logo`. What it is comes from its bytes (signature, then the header's real
 * dimensions and a walk to the end marker), never from a name or MIME type. SVG is refused: it can
 * carry scripts. Limits and why: docs/decisions/024-qr-card-logo.md.
 */

/** Base64 of this fits the browser bridge's 1 MiB frame with room to spare. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** A card prints the logo a few centimetres wide: 2000 px is far past 600 dpi there. */
export const LOGO_MAX_PIXELS = 2000;
export const LOGO_FILE = 'qr-logo';

export type LogoRefusal = 'svg' | 'type' | 'truncated' | 'bytes' | 'pixels';
export type LogoCheck = { ok: true; info: QrLogoInfo } | { ok: false; reason: LogoRefusal; width?: number; height?: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** IHDR first with its dimensions, then chunk by chunk to an IEND that ends the file exactly. */
function readPng(bytes: Buffer): { width: number; height: number } | 'truncated' | 'type' {
  if (bytes.length < 33) return 'truncated';
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return 'type';
  const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  for (let at = 8; ;) {
    if (at + 12 > bytes.length) return 'truncated';
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return 'truncated';
    if (type === 'IEND') return end === bytes.length ? size : 'type';
    at = end;
  }
}

/** SOFn markers carry the frame's dimensions; C4 (DHT), C8 (JPG) and CC (DAC) do not. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Segment by segment from SOI to the frame header; the scan data must end in EOI. */
function readJpeg(bytes: Buffer): { width: number; height: number } | 'truncated' | 'type' {
  for (let at = 2; ;) {
    if (at + 4 > bytes.length) return 'truncated';
    if (bytes[at] !== 0xff) return 'type';
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return 'type';
    if (at + 2 + length > bytes.length) return 'truncated';
    if (isStartOfFrame(marker)) {
      if (length < 7) return 'type';
      const ends = bytes.length >= 2 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
      if (!ends) return 'truncated';
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return 'type'; // scan or end before any frame header
    at += 2 + length;
  }
}

/** Looks like SVG or other XML text: refused by name so the manager knows why. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || (head.startsWith('<!--') && head.includes('<svg'));
}

/** What the bytes are, and whether they may be printed on a card. */
export function checkLogo(bytes: Buffer): LogoCheck {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, reason: 'bytes' };
  const isPng = bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  const isJpeg = !isPng && bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) return { ok: false, reason: looksLikeSvg(bytes) ? 'svg' : 'type' };
  const type: QrLogoInfo['type'] = isPng ? 'png' : 'jpeg';
  const found = isPng ? readPng(bytes) : readJpeg(bytes);
  if (typeof found === 'string') return { ok: false, reason: found };
  const { width, height } = found;
  if (width < 1 || height < 1) return { ok: false, reason: 'type' };
  if (width > LOGO_MAX_PIXELS || height > LOGO_MAX_PIXELS) return { ok: false, reason: 'pixels', width, height };
  return { ok: true, info: { type, width, height, bytes: bytes.length } };
}

export interface QrLogoFile {
  /** The stored logo's facts, or null; a file that no longer passes the check counts as none. */
  info(): QrLogoInfo | null;
  /** The logo as a data: URL for the card (the renderer's CSP allows data: images), or null. */
  dataUrl(): string | null;
  /** Checks the bytes, then writes them atomically; a refusal leaves the stored logo as it was. */
  save(bytes: Buffer): LogoCheck;
  remove(): void;
}

export function createQrLogoFile(dataDir: string): QrLogoFile {
  const file = join(dataDir, LOGO_FILE);
  const read = (): { bytes: Buffer; info: QrLogoInfo } | null => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return null;
    }
    const checked = checkLogo(bytes);
    return checked.ok ? { bytes, info: checked.info } : null;
  };
  return {
    info: () => read()?.info ?? null,
    dataUrl() {
      const logo = read();
      return logo ? `data:image/${logo.info.type};base64,${logo.bytes.toString('base64')}` : null;
    },
    save(bytes) {
      const checked = checkLogo(bytes);
      if (checked.ok) writePrivateFile(file, bytes);
      return checked;
    },
    remove: () => rmSync(file, { force: true }),
  };
}
