// The settings form's state: the draft as typed, "saved", and the two commands (save, language).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, SettingsView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { useCommand, type CommandRunner } from '../common/use-command';
import { checkDraft, draftFrom, type SettingsDraft } from './settings-draft';
import { useManagerUnlock, type ManagerUnlock } from './use-manager-unlock';

export type SetField = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;

export interface SettingsForm {
  draft: SettingsDraft;
  set: SetField;
  /** "Saved" after a successful save, cleared by the next change. */
  saved: string | null;
  /** True once saved. */
  save(): Promise<boolean>;
  /** The draft differs from the saved settings. */
  dirty: boolean;
  /** Save and its input checks. */
  command: CommandRunner;
  switchLanguage(lng: Language): Promise<void>;
  /** The language switch, saved on its own. */
  language: CommandRunner;
  /** The manager PIN's unlock of the integration fields, while the tab is open. */
  unlock: ManagerUnlock;
}

export function useSettingsForm(settings: SettingsView): SettingsForm {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(settings));
  const [saved, setSaved] = useState<string | null>(null);
  const command = useCommand();
  const language = useCommand();
  const unlock = useManagerUnlock();
  const set: SetField = (key, value) => {
    setSaved(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  // A new API key is checked with the service (who-am-i) before anything is saved.
  const save = async () => {
    setSaved(null);
    const checked = checkDraft(draft, t);
    if ('error' in checked) {
      command.setError(checked.error);
      return false;
    }
    // Main checks the unlock on every integration change; cashier-only changes need none.
    const input = unlock.token ? { ...checked.input, unlock: unlock.token } : checked.input;
    if (input.apiKey) {
      const key = input.apiKey;
      const who = await command.run(() => api.checkApiKey({ serviceUrl: input.serviceUrl ?? '', apiKey: key, posId: input.posId ?? '' }));
      if (!who.ok) return false;
    }
    let refused: string | null = null;
    const result = await command.run(async () => {
      const answer = await api.saveSettings(input);
      if (!answer.ok) refused = answer.error.code;
      return answer;
    });
    if (result.ok) {
      setDraft(draftFrom(result.value));
      setSaved(t('settings.saved'));
    } else if (refused === 'PIN_REQUIRED') {
      // The unlock ended in main (expired, or the PIN changed): the fields lock again.
      unlock.forget();
    }
    return result.ok;
  };

  const switchLanguage = async (lng: Language) => {
    await i18n.changeLanguage(lng);
    await language.run(() => api.saveSettings({ language: lng }));
  };

  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(draftFrom(settings)), [draft, settings]);
  // The ui slice holds a tab switch back while there are unsaved changes (unsaved-dialog.tsx).
  const setSettingsDirty = useAppState((s) => s.setSettingsDirty);
  useEffect(() => setSettingsDirty(dirty), [dirty, setSettingsDirty]);
  useEffect(() => () => setSettingsDirty(false), [setSettingsDirty]);

  return { draft, set, saved, save, dirty, command, switchLanguage, language, unlock };
}
