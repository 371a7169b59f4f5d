// The manager PIN's unlock for the Settings tab: held only while the tab is
// open (locked again when it closes) and until main's expiry. Main checks it on every integration
// change; this only decides what the form offers.
import { useEffect, useRef, useState } from 'react';
import type { SettingsUnlock } from '../../../../preload/contract';
import { useApi, useNow } from '../../services/app-context';
import { useCommand, type CommandRunner } from '../common/use-command';

export interface ManagerUnlock {
  /** The live unlock to send with an integration change, or undefined while locked. */
  token: string | undefined;
  until: number | null;
  locked: boolean;
  command: CommandRunner;
  unlockWith(pin: string): Promise<boolean>;
  /** First use (or a change while unlocked): sets the PIN and unlocks. */
  setPin(pin: string): Promise<boolean>;
  lock(): void;
  /** Main said the unlock is no longer valid (expired, locked elsewhere). */
  forget(): void;
}

export function useManagerUnlock(): ManagerUnlock {
  const api = useApi();
  const now = useNow();
  const command = useCommand();
  const [unlock, setUnlock] = useState<SettingsUnlock | null>(null);
  const live = unlock !== null && now < unlock.until ? unlock : null;
  // The latest unlock, for the lock on leaving the tab.
  const current = useRef<SettingsUnlock | null>(null);
  useEffect(() => {
    current.current = unlock;
  }, [unlock]);
  useEffect(
    () => () => {
      if (current.current) void api.lockSettings({ unlock: current.current.unlock });
    },
    [api],
  );

  const take = async (call: () => ReturnType<typeof api.unlockSettings>) => {
    const result = await command.run(call);
    if (result.ok) setUnlock(result.value);
    return result.ok;
  };

  return {
    token: live?.unlock,
    until: live?.until ?? null,
    locked: live === null,
    command,
    unlockWith: (pin) => take(() => api.unlockSettings({ pin })),
    setPin: (pin) => take(() => api.setManagerPin(live ? { pin, unlock: live.unlock } : { pin })),
    lock() {
      if (unlock) void api.lockSettings({ unlock: unlock.unlock });
      setUnlock(null);
    },
    forget: () => setUnlock(null),
  };
}
