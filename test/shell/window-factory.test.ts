import { describe, expect, it, vi } from 'vitest';

// Electron itself is the one thing replaced (no binary here): the factory module only needs its names.
vi.mock('electron', () => ({ BrowserWindow: class {}, session: {}, shell: {} }));
const { hardenedWebPreferences } = await import('../../main/shell/window-factory.js');

describe('hardenedWebPreferences', () => {
  it('isolates and sandboxes every window, with no Node, and no auxclick (middle-click) navigation', () => {
    for (const preload of ['/app/dist/preload/preload.cjs', null]) {
      expect(hardenedWebPreferences(preload, false)).toMatchObject({
        devTools: false,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        disableBlinkFeatures: 'Auxclick',
      });
    }
    expect(hardenedWebPreferences(null, false)).not.toHaveProperty('preload');
    // DevTools only where the developer runs the app unpackaged.
    expect(hardenedWebPreferences(null, true)).toMatchObject({ devTools: true });
  });
});
