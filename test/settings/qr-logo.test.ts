import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import { runCommand } from '../../main/adapters/ui-bridge/command-schemas.js';
import { LOGO_FILE, LOGO_MAX_BYTES, checkLogo } from '../../main/features/settings/qr-logo.js';
import { dataDir, remove } from './settings-fixtures.js';

// The QR card's logo: real image files, checked by their bytes in main, kept in the data dir.
const PIN = '24681357';
const JPEG = readFileSync(new URL('./fixtures/logo.jpg', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
function tempDir(): string {
  const dir = dataDir();
  cleanups.push(() => remove(dir));
  return dir;
}

/** A real PNG from pngjs; `noise` fills it with random pixels (which do not compress). */
function png(width: number, height: number, noise = false): Buffer {
  const image = new PNG({ width, height });
  if (noise) randomBytes(image.data.length).copy(image.data);
  else image.data.fill(0x80);
  return PNG.sync.write(image);
}

/** The fixture JPEG with its frame header saying another width: the header is what is read. */
function jpegClaiming(width: number): Buffer {
  const copy = Buffer.from(JPEG);
  for (let at = 2; at < copy.length; at += 2 + copy.readUInt16BE(at + 2)) {
    if (copy[at + 1] === 0xc0 || copy[at + 1] === 0xc2) {
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
  }
  throw new Error('no frame header in the fixture');
}

const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

describe('checkLogo reads what a file is from its bytes', () => {
  it('knows a PNG and a JPEG with their real dimensions', () => {
    expect(checkLogo(png(120, 40))).toMatchObject({ ok: true, info: { type: 'png', width: 120, height: 40 } });
    expect(checkLogo(JPEG)).toEqual({ ok: true, info: { type: 'jpeg', width: 160, height: 80, bytes: JPEG.length } });
  });

  it('refuses SVG, other types, cut files, too many bytes and too many pixels', () => {
    expect(checkLogo(SVG)).toEqual({ ok: false, reason: 'svg' });
    expect(checkLogo(Buffer.from('<svg viewBox="0 0 1 1"/>'))).toEqual({ ok: false, reason: 'svg' });
    expect(checkLogo(Buffer.from('GIF89a\x01\x00\x01\x00'))).toEqual({ ok: false, reason: 'type' });
    expect(checkLogo(Buffer.alloc(0))).toEqual({ ok: false, reason: 'type' });
    const whole = png(120, 40);
    expect(checkLogo(whole.subarray(0, whole.length - 12))).toEqual({ ok: false, reason: 'truncated' });
    expect(checkLogo(whole.subarray(0, 20))).toEqual({ ok: false, reason: 'truncated' });
    expect(checkLogo(JPEG.subarray(0, JPEG.length - 100))).toEqual({ ok: false, reason: 'truncated' });
    expect(checkLogo(JPEG.subarray(0, 300))).toEqual({ ok: false, reason: 'truncated' });
    const heavy = png(380, 380, true);
    expect(heavy.length).toBeGreaterThan(LOGO_MAX_BYTES);
    expect(checkLogo(heavy)).toEqual({ ok: false, reason: 'bytes' });
    expect(checkLogo(png(2001, 10))).toEqual({ ok: false, reason: 'pixels', width: 2001, height: 10 });
    expect(checkLogo(png(2000, 10))).toMatchObject({ ok: true });
    expect(checkLogo(jpegClaiming(3000))).toEqual({ ok: false, reason: 'pixels', width: 3000, height: 80 });
  });
});

describe('the QR card logo on a real companion', () => {
  async function start() {
    const dir = tempDir();
    const companion = await createCompanion({ dataDir: dir, log: silentLogger() });
    cleanups.push(() => companion.stop());
    const events: CompanionEvent[] = [];
    companion.api.onEvent((e) => events.push(e));
    const call = (name: Parameters<typeof runCommand>[1], raw: unknown) => runCommand(companion.api, name, raw);
    return { dir, companion, events, call, file: join(dir, LOGO_FILE) };
  }
  const base64 = (bytes: Buffer) => bytes.toString('base64');

  it('takes a PNG and a JPEG by their bytes (a PNG named .jpg is a PNG), hands it out as a data: URL, and removes it', async () => {
    const { dir, companion, events, call, file } = await start();
    expect((await companion.api.getSnapshot()).settings.qrLogo).toBeNull();
    expect(await call('getQrLogo', {})).toEqual({ ok: true, value: { dataUrl: null } });

    const named = join(dir, 'logo-from-the-manager.jpg');
    writeFileSync(named, png(300, 100));
    const bytes = readFileSync(named);
    const saved = await call('setQrLogo', { data: base64(bytes) });
    expect(saved).toMatchObject({ ok: true, value: { qrLogo: { type: 'png', width: 300, height: 100, bytes: bytes.length } } });
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(await call('getQrLogo', {})).toEqual({ ok: true, value: { dataUrl: `data:image/png;base64,${base64(bytes)}` } });
    expect(events.filter((e) => e.type === 'settings').at(-1)).toMatchObject({ settings: { qrLogo: { type: 'png' } } });

    expect(await call('setQrLogo', { data: base64(JPEG) })).toMatchObject({ ok: true, value: { qrLogo: { type: 'jpeg', width: 160, height: 80 } } });
    expect((await companion.api.getSnapshot()).settings.qrLogo).toMatchObject({ type: 'jpeg' });
    expect(await call('getQrLogo', {})).toEqual({ ok: true, value: { dataUrl: `data:image/jpeg;base64,${base64(JPEG)}` } });

    expect(await call('removeQrLogo', {})).toMatchObject({ ok: true, value: { qrLogo: null } });
    expect(existsSync(file)).toBe(false);
    expect(await call('getQrLogo', {})).toEqual({ ok: true, value: { dataUrl: null } });
  });

  it('refuses an SVG, a cut file, an oversized one and too many pixels with a reason, and changes nothing', async () => {
    const { events, call, file } = await start();
    expect((await call('setQrLogo', { data: base64(JPEG) })).ok).toBe(true);
    const before = events.length;
    const whole = png(120, 40);
    for (const [bytes, reason] of [
      [SVG, 'svg'],
      [whole.subarray(0, whole.length - 12), 'truncated'],
      [JPEG.subarray(0, JPEG.length - 100), 'truncated'],
      [png(380, 380, true), 'bytes'],
      [png(2001, 10), 'pixels'],
      [Buffer.from('not an image at all'), 'type'],
    ] as const) {
      expect(await call('setQrLogo', { data: base64(bytes) })).toMatchObject({
        ok: false,
        error: { code: 'LOGO_REFUSED', params: { field: 'qrLogo', reason } },
      });
      expect(readFileSync(file).equals(JPEG)).toBe(true);
    }
    expect(events.length).toBe(before);
    // Not base64 at all: the bridge's input check refuses it before main reads anything.
    expect(await call('setQrLogo', { data: 'not base64!' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(readFileSync(file).equals(JPEG)).toBe(true);
  });

  it('is behind the manager PIN once it is set, like the other settings', async () => {
    const { call, file } = await start();
    const set = await call('setManagerPin', { pin: PIN });
    if (!set.ok) throw new Error(set.error.code);
    const { unlock } = set.value as { unlock: string };
    expect(await call('setQrLogo', { data: base64(JPEG) })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED', params: { field: 'qrLogo' } } });
    expect(existsSync(file)).toBe(false);
    expect(await call('setQrLogo', { data: base64(JPEG), unlock })).toMatchObject({ ok: true });
    expect(await call('removeQrLogo', {})).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    expect(existsSync(file)).toBe(true);
    expect(await call('removeQrLogo', { unlock })).toMatchObject({ ok: true, value: { qrLogo: null } });
    expect(existsSync(file)).toBe(false);
  });
});
