import type { CommandResult, ErrorParams, SettingsInput, SettingsUnlock, SettingsView, Language } from '../../../preload/contract.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { createServiceClient } from '../../base/service/index.js';
import { INTEGRATION_FIELDS, type ManagerPin, type PinResult } from './manager-pin.js';
import { isAllowedServiceUrl } from './service-url.js';
import { fail, ok } from '../../base/command-result.js';
import { portInUse, StartupError, type StartupProblem } from '../../base/startup-error.js';
import type { SettingsChange, SettingsService } from './settings-service.js';
import type { QrLogoFile } from './qr-logo.js';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from './qr-logo.js';

/** What a settings change needs of the running app; app/ hands in its session, POS API and events. */
export interface SettingsCommandsDeps {
  settings: SettingsService;
  connection: { restart(): Promise<void> };
  /** After a save that changed the language (demo data follows it). */
  languageChanged?: (language: Language) => void;
  localApi: { token(): string; moveTo(port: number): Promise<void>; regenerate(): void };
  events: { push(event: { type: 'settings'; settings: SettingsView }): void };
  shell: ShellPorts;
  log: Logger;
  /** The manager PIN in front of the integration settings. */
  pin: ManagerPin;
  /** The QR card's logo file in the data dir. */
  logo: QrLogoFile;
}

export interface SettingsCommands {
  /** The settings as the renderer shows them (the POS API token's hint, never the token; whether a PIN is set). */
  view: () => SettingsView;
  /** Who-am-i with exactly the key and URL given: the caller decides which key may go to which origin. */
  checkApiKey: (input: { serviceUrl: string; apiKey: string; posId: string }) => Promise<CommandResult<{ restaurantName: string }>>;
  /** Checks, saves and applies a change (a new port, a new session); an integration change needs a live unlock once a PIN is set. */
  saveSettings: (input: SettingsInput) => Promise<CommandResult<SettingsView>>;
  /** A new POS API token; needs a live unlock once a manager PIN is set. The answer has its hint, not the token. */
  regenerateToken(unlock?: string): Promise<CommandResult<SettingsView>>;
  /** The POS API token itself: only to a live unlock of a set PIN (PIN_NOT_SET without a PIN, PIN_REQUIRED without the unlock). */
  revealPosApiToken(input: { unlock: string }): CommandResult<{ token: string }>;
  /** The manager PIN. Setting it changes the view (managerPinSet). */
  setManagerPin(input: { pin: string; unlock?: string }): CommandResult<SettingsUnlock>;
  unlockSettings: (input: { pin: string }) => CommandResult<SettingsUnlock>;
  /** Ends an unlock. */
  lockSettings(input: { unlock: string }): CommandResult<null>;
  /** The QR card's logo from base64 bytes, checked by its bytes; behind the manager PIN once set. A refusal changes nothing. */
  setQrLogo(input: { data: string; unlock?: string }): CommandResult<SettingsView>;
  removeQrLogo(input: { unlock?: string }): CommandResult<SettingsView>;
  getQrLogo(): CommandResult<{ dataUrl: string | null }>;
}

/** The first integration field a change touches (a new API key counts), or null for a cashier-only change. */
function integrationFieldOf(change: SettingsChange, current: SettingsChange['next']): string | null {
  if (change.newKey !== undefined) return 'apiKey';
  if (change.repair) return 'environment';
  return INTEGRATION_FIELDS.find((k) => change.next[k] !== current[k]) ?? null;
}

/** A startup problem's facts (the port and its role, a path) as a refusal's parameters. */
function startupParams({ code: _code, ...facts }: StartupProblem): ErrorParams {
  return facts;
}

/** Enough of the token to tell two apart, too little to use: its last 4 characters. */
export function tokenHint(token: string): string {
  return token.slice(-4);
}

function pinAnswer<T>(result: PinResult<T>): CommandResult<T> {
  return result.ok ? ok(result.value) : fail(result.code, result.params);
}

/** The settings commands of CompanionApi: check, save and apply; who-am-i for a key; a new POS API token. */
export function createSettingsCommands(deps: SettingsCommandsDeps): SettingsCommands {
  const { settings, log } = deps;
  const { pin } = deps;
  const view = (): SettingsView => ({ ...settings.view(tokenHint(deps.localApi.token()), pin.isSet()), qrLogo: deps.logo.info() });
  const announce = () => deps.events.push({ type: 'settings', settings: view() });

  /** Who-am-i with exactly the key and URL given: the caller decides which key may go to which origin. */
  async function checkApiKey(input: { serviceUrl: string; apiKey: string; posId: string }): Promise<CommandResult<{ restaurantName: string }>> {
    if (!isAllowedServiceUrl(input.serviceUrl)) return fail('INVALID', { field: 'serviceUrl', reason: 'insecure-url' });
    const client = createServiceClient({ baseUrl: input.serviceUrl, apiKey: input.apiKey, posId: input.posId, language: settings.get().language, log });
    const who = await client.whoAmI();
    return who.ok ? ok({ restaurantName: who.value.name }) : fail(who.code);
  }

  async function saveSettings(input: SettingsInput): Promise<CommandResult<SettingsView>> {
    const checked = settings.check(input);
    if (!checked.ok) return fail(checked.error.code, checked.error.params);
    // Checked here, in main, never only in the renderer: an integration change needs a live unlock once a PIN is set.
    const field = integrationFieldOf(checked.change, settings.get());
    if (field !== null && !pin.allows(input.unlock)) return fail('PIN_REQUIRED', { field });
    if (checked.verify) {
      const who = await checkApiKey(checked.verify);
      if (!who.ok) return fail(who.error.code, who.error.params);
    }
    const { change } = checked;
    // A taken port refuses the change before anything is saved.
    if (change.port) {
      const moved = await deps.localApi.moveTo(change.next.posApiPort).catch((e: unknown) => e);
      if (moved instanceof StartupError) return fail(moved.problem.code, startupParams(moved.problem));
      if (moved) throw moved;
    }
    const before = settings.get().language;
    settings.commit(change);
    const now = settings.get();
    if (now.language !== before) deps.languageChanged?.(now.language);
    if (change.login) deps.shell.setLoginItem?.(now.startAtLogin, now.startHidden);
    announce();
    if (change.connection) {
      // The new session's webhook receiver may find its port taken: saved, but said so.
      const restarted = await deps.connection.restart().catch((e: unknown) => portInUse(e, 'webhook', now.webhookPort));
      if (restarted instanceof StartupError) return fail(restarted.problem.code, startupParams(restarted.problem));
      if (restarted) throw restarted;
    }
    return ok(view());
  }

  return {
    view,
    checkApiKey,
    saveSettings,
    async regenerateToken(unlock?: string): Promise<CommandResult<SettingsView>> {
      if (!pin.allows(unlock)) return fail('PIN_REQUIRED', { field: 'posApiToken' });
      deps.localApi.regenerate();
      announce();
      return ok(view());
    },
    revealPosApiToken(input: { unlock: string }): CommandResult<{ token: string }> {
      // A secret is shown only behind a PIN: without one set, the integrator chooses one first (or reads the token file).
      if (!pin.isSet()) return fail('PIN_NOT_SET');
      if (!pin.unlocked(input.unlock)) return fail('PIN_REQUIRED', { field: 'posApiToken' });
      log.info({ mod: 'settings' }, 'POS API token shown');
      return ok({ token: deps.localApi.token() });
    },
    // The manager PIN. Setting it changes the view (managerPinSet).
    setManagerPin(input: { pin: string; unlock?: string }): CommandResult<SettingsUnlock> {
      const result = pinAnswer(pin.set(input.pin, input.unlock));
      if (result.ok) announce();
      return result;
    },
    unlockSettings: (input: { pin: string }): CommandResult<SettingsUnlock> => pinAnswer(pin.unlock(input.pin)),
    lockSettings(input: { unlock: string }): CommandResult<null> {
      pin.lock(input.unlock);
      return ok(null);
    },
    setQrLogo(input: { data: string; unlock?: string }): CommandResult<SettingsView> {
      if (!pin.allows(input.unlock)) return fail('PIN_REQUIRED', { field: 'qrLogo' });
      const checked = deps.logo.save(Buffer.from(input.data, 'base64'));
      if (!checked.ok) {
        const params: ErrorParams = { field: 'qrLogo', reason: checked.reason, maxKb: LOGO_MAX_BYTES / 1024, maxPixels: LOGO_MAX_PIXELS };
        if (checked.width !== undefined) Object.assign(params, { width: checked.width, height: checked.height ?? 0 });
        return fail('LOGO_REFUSED', params);
      }
      log.info({ mod: 'settings', type: checked.info.type, width: checked.info.width, height: checked.info.height }, 'QR card logo saved');
      announce();
      return ok(view());
    },
    removeQrLogo(input: { unlock?: string }): CommandResult<SettingsView> {
      if (!pin.allows(input.unlock)) return fail('PIN_REQUIRED', { field: 'qrLogo' });
      deps.logo.remove();
      log.info({ mod: 'settings' }, 'QR card logo removed');
      announce();
      return ok(view());
    },
    getQrLogo: (): CommandResult<{ dataUrl: string | null }> => ok({ dataUrl: deps.logo.dataUrl() }),
  };
}
