import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '../../main/base/startup-error.js';
import { CLOSE_HINT_FILE, takeCloseHint } from '../../main/shell/close-hint.js';
import { APP_CSP, withCsp } from '../../main/shell/csp.js';
import { pollUntil, qrSheetPdfPath, testPrintPage } from '../../main/shell/print-helpers.js';
import { appLayout, devServerUrl, electronNativeBinding, loginItemSettings, parseShellArgs } from '../../main/shell/shell-options.js';
import { TRAY_ICONS, trayIconFile, trayLook } from '../../main/shell/tray-state.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-shell-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('CSP', () => {
  it('replaces any page CSP with ours and keeps the other headers', () => {
    const out = withCsp({ 'content-security-policy': ['default-src *'], 'Content-Type': 'text/html' });
    expect(out).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [APP_CSP] });
    expect(withCsp(undefined)).toEqual({ 'Content-Security-Policy': [APP_CSP] });
  });

  it('allows only our own scripts and connections', () => {
    expect(APP_CSP).toContain("default-src 'self'");
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).toContain("connect-src 'self'");
    expect(APP_CSP).toContain("object-src 'none'");
    expect(APP_CSP).not.toContain('unsafe-eval');
  });
});

describe('tray look', () => {
  it('maps every session state to one of the four icons', () => {
    expect(trayLook({ status: 'connected', restaurantName: 'Bistro' }).icon).toBe('connected');
    expect(trayLook({ status: 'connecting', restaurantName: null }).icon).toBe('connecting');
    expect(trayLook({ status: 'reconnecting', restaurantName: null }).icon).toBe('connecting');
    expect(trayLook({ status: 'offline', restaurantName: null }).icon).toBe('offline');
    expect(trayLook({ status: 'stopped', restaurantName: null }).icon).toBe('offline');
    expect(trayLook({ status: 'rejected', restaurantName: null }).icon).toBe('rejected');
    expect(trayLook({ status: 'conflict', restaurantName: null }).icon).toBe('rejected');
    expect(trayLook(null).icon).toBe('connecting');
  });

  it('says the state and what to do, in English and Czech', () => {
    const en = trayLook({ status: 'rejected', restaurantName: 'Bistro' }, 'en');
    expect(en.statusLine).toBe('API key rejected: check Settings (Bistro)');
    expect(en.tooltip).toBe('Tableside: API key rejected: check Settings (Bistro)');
    expect(en.labels).toEqual({ open: 'Open Tableside', reconnect: 'Reconnect', quit: 'Quit Tableside' });
    const cs = trayLook({ status: 'connected', restaurantName: null }, 'cs');
    expect(cs.statusLine).toBe('Připojeno');
    expect(cs.labels.quit).toBe('Ukončit Tableside');
  });

  it('has an icon file in assets/ for every state, at 1x and 2x', () => {
    for (const icon of TRAY_ICONS) {
      const file = path.resolve('assets', trayIconFile(icon, 'linux'));
      expect(trayIconFile(icon, 'darwin')).toBe(`tray-${icon}.png`);
      expect(trayIconFile(icon, 'win32')).toBe(`tray-${icon}.ico`);
      expect(existsSync(path.resolve('assets', trayIconFile(icon, 'win32')))).toBe(true);
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(file.replace('.png', '@2x.png')), file).toBe(true);
    }
    expect(existsSync(path.resolve('assets', 'icon.png'))).toBe(true);
  });
});

describe('close-to-tray hint', () => {
  it('is due exactly once per data directory, across restarts', () => {
    const dataDir = path.join(dir, 'user-data');
    expect(takeCloseHint(dataDir)).toBe(true);
    expect(existsSync(path.join(dataDir, CLOSE_HINT_FILE))).toBe(true);
    expect(takeCloseHint(dataDir)).toBe(false);
    expect(takeCloseHint(dataDir)).toBe(false);
  });
});

describe('shell options', () => {
  it('reads --hidden and builds the login item', () => {
    expect(parseShellArgs(['electron', '.', '--hidden'])).toEqual({ hidden: true });
    expect(parseShellArgs(['Tableside.exe'])).toEqual({ hidden: false });
    expect(loginItemSettings(true, true)).toEqual({ openAtLogin: true, args: ['--hidden'] });
    expect(loginItemSettings(true, false)).toEqual({ openAtLogin: true, args: [] });
    expect(loginItemSettings(false, true)).toEqual({ openAtLogin: false, args: ['--hidden'] });
  });

  it('finds the built files from dist/main/shell, in the repo and packaged', () => {
    const shellDir = path.join(dir, 'app', 'dist', 'main', 'shell');
    expect(appLayout(shellDir, false, '/unused')).toEqual({
      rendererDir: path.join(dir, 'app', 'dist', 'renderer'),
      preloadPath: path.join(dir, 'app', 'dist', 'preload', 'preload.cjs'),
      assetsDir: path.join(dir, 'app', 'assets'),
    });
    expect(appLayout(shellDir, true, path.join(dir, 'resources')).assetsDir).toBe(path.join(dir, 'resources', 'assets'));
  });

  it('uses the Electron build of better-sqlite3 only where it exists, and never falls back once packaged', () => {
    const resources = path.join(dir, 'resources');
    const installed = path.join(resources, 'native', 'better_sqlite3.node');
    // Packaged without the file: a startup problem naming it, not the module's own (Node) build.
    const thrown = (() => {
      try {
        return electronNativeBinding(dir, true, resources);
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(StartupError);
    expect((thrown as StartupError).problem).toEqual({ code: 'NATIVE_BINDING_MISSING', path: installed });
    expect((thrown as StartupError).message).toContain(installed);
    mkdirSync(path.join(resources, 'native'), { recursive: true });
    writeFileSync(installed, '');
    expect(electronNativeBinding(dir, true, resources)).toBe(installed);
    // A dev checkout: the build for this platform and arch when someone made it, else the module's own.
    expect(electronNativeBinding(dir, false, resources, 'win32', 'x64')).toBeUndefined();
    mkdirSync(path.join(dir, 'out', 'native-electron', 'win-x64'), { recursive: true });
    writeFileSync(path.join(dir, 'out', 'native-electron', 'win-x64', 'better_sqlite3.node'), '');
    expect(electronNativeBinding(dir, false, resources, 'win32', 'x64')).toBe(path.join(dir, 'out', 'native-electron', 'win-x64', 'better_sqlite3.node'));
    expect(electronNativeBinding(dir, false, resources, 'win32', 'arm64')).toBeUndefined();
    expect(electronNativeBinding(dir, false, resources, 'linux', 'x64')).toBeUndefined();
  });

  it('takes a dev server URL only unpackaged and on loopback http', () => {
    expect(devServerUrl({ TABLESIDE_DEV_URL: 'http://127.0.0.1:5173/' }, false)).toBe('http://127.0.0.1:5173');
    expect(devServerUrl({ TABLESIDE_DEV_URL: 'http://127.0.0.1:5173/' }, true)).toBeNull();
    expect(devServerUrl({ TABLESIDE_DEV_URL: 'https://example.com' }, false)).toBeNull();
    expect(devServerUrl({ TABLESIDE_DEV_URL: 'nonsense' }, false)).toBeNull();
    expect(devServerUrl({}, false)).toBeNull();
  });
});

describe('print helpers', () => {
  it('names PDFs by time under qr-sheets/, without characters Windows forbids', () => {
    const file = qrSheetPdfPath(dir, new Date(Date.UTC(2026, 10, 21, 13, 54, 7)));
    expect(file).toBe(path.join(dir, 'qr-sheets', 'qr-sheet-2026-11-21_13-54-07.pdf'));
    expect(path.basename(file)).not.toMatch(/[<>:"/\\|?*]/);
  });

  it('escapes the printer name in the test page', () => {
    const url = testPrintPage(new Date(0), '<b>HP & Co</b>');
    const html = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    expect(html).toContain('&#60;b&#62;HP &#38; Co&#60;/b&#62;');
    expect(html).not.toContain('<b>');
  });

  it('polls until a condition holds and gives up at the deadline', async () => {
    let calls = 0;
    await pollUntil(async () => ++calls >= 3, 'never', 10_000, 1);
    expect(calls).toBe(3);
    await expect(pollUntil(async () => false, 'sheet not ready', 30, 5)).rejects.toThrow('sheet not ready');
  });
});
