import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createDiagnosticsExport, type DiagnosticsExportOptions } from '../../main/shell/diagnostics-export.js';

/**
 * Settings → "Export diagnostics" and "Open logs folder" in the Electron shell, against the
 * stand-in electron's dialog and shell (fixtures/fake-electron.mjs, the one allowed fake); the zip
 * is really written and read back.
 */
interface FakeElectron {
  dialog: DiagnosticsExportOptions['dialog'];
  shell: DiagnosticsExportOptions['shell'];
}
interface FakeState {
  log: unknown[][];
  saveDialogAnswer?: { canceled: boolean; filePath?: string };
  openPathAnswer?: string;
}
const fake = () => (globalThis as unknown as { __fake: FakeState }).__fake;

let electron: FakeElectron;
let dataDir: string;
const API_KEY = 'qk_live_ShellExport5Key8';

beforeAll(async () => {
  electron = (await import(new URL('./fixtures/fake-electron.mjs', import.meta.url).href)) as FakeElectron;
  dataDir = mkdtempSync(path.join(tmpdir(), 'tableside-export-'));
  writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ language: 'cs' }));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function exporter() {
  return createDiagnosticsExport({
    dialog: electron.dialog,
    shell: electron.shell,
    window: () => null,
    defaultDir: path.join(dataDir, 'Documents'),
    bundleOptions: async () => ({ dataDir, settings: { apiKeyMasked: '••••Key8', language: 'cs' }, knownSecrets: [API_KEY] }),
    log: silentLogger(),
    now: () => Date.UTC(2026, 10, 21, 23, 5, 9),
  });
}

describe('Export diagnostics in the Electron shell', () => {
  it('offers a dated zip name in Documents; a cancelled dialog writes nothing', async () => {
    fake().saveDialogAnswer = { canceled: true };
    expect(await exporter().exportDiagnostics()).toEqual({ ok: true, value: { file: null } });
    const asked = fake()
      .log.filter((e) => e[0] === 'showSaveDialog')
      .at(-1)?.[1] as { defaultPath: string; filters: unknown };
    expect(asked.defaultPath).toBe(path.join(dataDir, 'Documents', 'tableside-diagnostics-2026-11-21-23-05-09.zip'));
    expect(asked.filters).toEqual([{ name: 'Zip', extensions: ['zip'] }]);
  });

  it('writes the support bundle where the cashier chose', async () => {
    const target = path.join(dataDir, 'chosen', 'friday.zip');
    fake().saveDialogAnswer = { canceled: false, filePath: target };
    expect(await exporter().exportDiagnostics()).toEqual({ ok: true, value: { file: target } });
    const entries = unzipSync(readFileSync(target));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['settings.json', 'versions.json', 'database.json']));
    expect(Buffer.from(entries['settings.json']!).toString()).toContain('"apiKeyMasked": "[secret]"');
  });

  it('answers a code and a next step when the file cannot be written', async () => {
    const blocker = path.join(dataDir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    fake().saveDialogAnswer = { canceled: false, filePath: path.join(blocker, 'x.zip') };
    const result = await exporter().exportDiagnostics();
    expect(result).toMatchObject({ ok: false, error: { code: 'DIAGNOSTICS_NOT_WRITTEN' } });
    expect(existsSync(path.join(blocker, 'x.zip'))).toBe(false);
  });

  it('opens <userData>/logs in the file manager, and says where it is when that fails', async () => {
    fake().openPathAnswer = '';
    expect(await exporter().openLogs()).toEqual({ ok: true, value: { path: path.join(dataDir, 'logs') } });
    expect(
      fake()
        .log.filter((e) => e[0] === 'openPath')
        .at(-1)?.[1],
    ).toBe(path.join(dataDir, 'logs'));
    fake().openPathAnswer = 'Failed to open path';
    expect(await exporter().openLogs()).toMatchObject({ ok: false, error: { code: 'LOGS_NOT_OPENED' } });
  });
});
