import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  appPageOf,
  appPageUrl,
  decideWindowOpen,
  isAllowedExternal,
  isNavigationAllowed,
  isTrustedSender,
  printSheetUrl,
  type AppOrigins,
} from '../../main/shell/trusted-url.js';

const rendererDir = path.resolve('/opt/Tableside/resources/app.asar/dist/renderer');
const packaged: AppOrigins = { rendererDir, devUrl: null };
const dev: AppOrigins = { rendererDir, devUrl: 'http://127.0.0.1:5173' };
const page = (name: string) => pathToFileURL(path.join(rendererDir, name)).href;

describe('appPageOf', () => {
  it('recognises our two pages, with or without query and hash', () => {
    expect(appPageOf(page('index.html'), packaged)).toBe('index.html');
    expect(appPageOf(`${page('index.html')}#/payments`, packaged)).toBe('index.html');
    expect(appPageOf(`${page('print.html')}?tables=t1,t2`, packaged)).toBe('print.html');
  });

  it('refuses other files, other folders, tricks with .. and remote file hosts', () => {
    expect(appPageOf(page('assets/app.js'), packaged)).toBeNull();
    expect(appPageOf(pathToFileURL('/etc/passwd').href, packaged)).toBeNull();
    expect(appPageOf(pathToFileURL(path.join(rendererDir, '..', 'index.html')).href, packaged)).toBeNull();
    expect(appPageOf(`${page('assets')}/../../index.html`, packaged)).toBeNull();
    expect(appPageOf(`file://evil-server${new URL(page('index.html')).pathname}`, packaged)).toBeNull();
    expect(appPageOf('not a url', packaged)).toBeNull();
    expect(appPageOf('about:blank', packaged)).toBeNull();
  });

  it('accepts the dev server only when configured, loopback, and same origin', () => {
    expect(appPageOf('http://127.0.0.1:5173/', dev)).toBe('index.html');
    expect(appPageOf('http://127.0.0.1:5173/print.html?tables=a', dev)).toBe('print.html');
    expect(appPageOf('http://127.0.0.1:5173/', packaged)).toBeNull();
    expect(appPageOf('http://127.0.0.1:5174/', dev)).toBeNull();
    expect(appPageOf('http://user:pw@127.0.0.1:5173/', dev)).toBeNull();
    expect(appPageOf('http://127.0.0.1:5173/other.html', dev)).toBeNull();
    expect(appPageOf('http://example.com/', { rendererDir, devUrl: 'http://example.com' })).toBeNull();
  });
});

describe('guards', () => {
  it('trusts IPC only from our pages', () => {
    expect(isTrustedSender(page('index.html'), packaged)).toBe(true);
    expect(isTrustedSender(page('print.html'), packaged)).toBe(true);
    expect(isTrustedSender('https://qerko.com/', packaged)).toBe(false);
    expect(isTrustedSender(null, packaged)).toBe(false);
    expect(isTrustedSender(undefined, packaged)).toBe(false);
  });

  it('lets windows navigate only between our pages', () => {
    expect(isNavigationAllowed(page('print.html'), packaged)).toBe(true);
    expect(isNavigationAllowed('https://evil.example/', packaged)).toBe(false);
    expect(isNavigationAllowed('javascript:alert(1)', packaged)).toBe(false);
    expect(isNavigationAllowed('data:text/html,<p>x</p>', packaged)).toBe(false);
  });

  it('opens a window only for the print sheet and sends allow-listed links to the browser', () => {
    expect(decideWindowOpen(`${page('print.html')}?tables=t1`, packaged)).toBe('print-sheet');
    expect(decideWindowOpen(page('index.html'), packaged)).toBe('deny');
    expect(decideWindowOpen('https://www.qerko.com/help', packaged)).toBe('external');
    expect(decideWindowOpen('https://evil.example/', packaged)).toBe('deny');
  });

  it('allows external URLs only over https, on an exact allow-listed origin, without credentials', () => {
    expect(isAllowedExternal('https://qerko.com/')).toBe(true);
    expect(isAllowedExternal('http://qerko.com/')).toBe(false);
    expect(isAllowedExternal('https://qerko.com.evil.example/')).toBe(false);
    expect(isAllowedExternal('https://evil.example/?https://qerko.com')).toBe(false);
    expect(isAllowedExternal('https://user@qerko.com/')).toBe(false);
    expect(isAllowedExternal('https://qerko.com:8443/')).toBe(false);
    expect(isAllowedExternal('file:///C:/Windows/system32/calc.exe')).toBe(false);
    expect(isAllowedExternal('ms-settings:')).toBe(false);
    expect(isAllowedExternal('https://docs.example/x', ['https://docs.example'])).toBe(true);
  });
});

describe('page URLs', () => {
  it('builds file URLs of our pages that the guards accept', () => {
    const url = printSheetUrl(['t1', 'table 2'], packaged);
    expect(appPageOf(url, packaged)).toBe('print.html');
    expect(new URL(url).searchParams.get('tables')).toBe('t1,table 2');
    expect(appPageUrl('index.html', packaged)).toBe(page('index.html'));
  });

  it('uses the dev server when one is configured', () => {
    expect(appPageUrl('index.html', dev)).toBe('http://127.0.0.1:5173/index.html');
    expect(appPageOf(printSheetUrl(['a'], dev), dev)).toBe('print.html');
  });
});
