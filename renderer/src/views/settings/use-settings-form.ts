// The settings form's state: the draft as typed, "saved", and the two commands (save, language).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, SettingsView } from '../../../../preload/contract';
import { useApi } from '../../app-context';
import { useCommand, type CommandRunner } from '../common/use-command';
import { checkDraft, draftFrom, type SettingsDraft } from './settings-draft';

export type SetField = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;

export interface SettingsForm {
  draft: SettingsDraft;
  set: SetField;
  /** "Saved" after a successful save, cleared by the next change. */
  saved: string | null;
  save(): Promise<void>;
  /** Save and its input checks. */
  command: CommandRunner;
  switchLanguage(lng: Language): Promise<void>;
  /** The language switch, saved on its own. */
  language: CommandRunner;
}

export function useSettingsForm(settings: SettingsView): SettingsForm {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(settings));
  const [saved, setSaved] = useState<string | null>(null);
  const command = useCommand();
  const language = useCommand();
  const set: SetField = (key, value) => {
    setSaved(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  // A new API key is checked with the service (who-am-i) before anything is saved.
  const save = async () => {
    setSaved(null);
    const checked = checkDraft(draft, t);
    if ('error' in checked) return command.setError(checked.error);
    const { input } = checked;
    if (input.apiKey) {
      const key = input.apiKey;
      const who = await command.run(() => api.checkApiKey({ serviceUrl: input.serviceUrl ?? '', apiKey: key, posId: input.posId ?? '' }));
      if (!who.ok) return;
    }
    const result = await command.run(() => api.saveSettings(input));
    if (result.ok) {
      setDraft(draftFrom(result.value));
      setSaved(t('settings.saved'));
    }
  };

  const switchLanguage = async (lng: Language) => {
    await i18n.changeLanguage(lng);
    await language.run(() => api.saveSettings({ language: lng }));
  };

  return { draft, set, saved, save, command, switchLanguage, language };
}
