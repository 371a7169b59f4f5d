import type { Feature } from '../../base/feature.js';
import type { Logger } from '../../base/log.js';
import { attempt } from '../../base/command-result.js';
import type { SettingsCommands } from './settings-commands.js';

export interface SettingsFeatureDeps {
  log: Logger;
  /** Built by the root: a settings change restarts the connection and may move the POS API. */
  settingsCommands: SettingsCommands;
}

/** Settings and the manager PIN in front of them. */
export const settingsFeature = {
  name: 'settings',
  commands: ({ log, settingsCommands: s }: SettingsFeatureDeps) => ({
    setManagerPin: (input: Parameters<SettingsCommands['setManagerPin']>[0]) => attempt(log, 'setManagerPin', () => s.setManagerPin(input)),
    unlockSettings: (input: Parameters<SettingsCommands['unlockSettings']>[0]) => attempt(log, 'unlockSettings', () => s.unlockSettings(input)),
    lockSettings: (input: Parameters<SettingsCommands['lockSettings']>[0]) => attempt(log, 'lockSettings', () => s.lockSettings(input)),
    saveSettings: (input: Parameters<SettingsCommands['saveSettings']>[0]) => attempt(log, 'saveSettings', () => s.saveSettings(input)),
    checkApiKey: (input: Parameters<SettingsCommands['checkApiKey']>[0]) => attempt(log, 'checkApiKey', () => s.checkApiKey(input)),
    regeneratePosApiToken: (input?: { unlock?: string }) => attempt(log, 'regeneratePosApiToken', () => s.regenerateToken(input?.unlock)),
    setQrLogo: (input: Parameters<SettingsCommands['setQrLogo']>[0]) => attempt(log, 'setQrLogo', () => s.setQrLogo(input)),
    removeQrLogo: (input: Parameters<SettingsCommands['removeQrLogo']>[0]) => attempt(log, 'removeQrLogo', () => s.removeQrLogo(input)),
    getQrLogo: () => attempt(log, 'getQrLogo', () => s.getQrLogo()),
    revealPosApiToken: (input: Parameters<SettingsCommands['revealPosApiToken']>[0]) => attempt(log, 'revealPosApiToken', () => s.revealPosApiToken(input)),
  }),
  snapshot: ({ settingsCommands }: SettingsFeatureDeps) => ({ settings: settingsCommands.view() }),
} satisfies Feature<SettingsFeatureDeps>;
