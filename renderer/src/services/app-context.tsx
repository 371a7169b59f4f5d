// What every view needs from outside React: the CompanionApi, the store, and the few browser
// services (clock, sound, new window, clipboard) passed in so tests can observe them.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { CompanionApi } from '../../../preload/contract';
import type { BridgeKind } from '../bridge/index';
import type { AppState, AppStore } from '../store/app-store';
import type { FrameScheduler } from '../store/frame-scheduler';

export interface AppServices {
  api: CompanionApi;
  store: AppStore;
  /** When queued events reach the store: every animation frame in the app, by hand in tests. */
  frames: FrameScheduler;
  bridgeKind: BridgeKind;
  now(): number;
  /** paid, problem or a new guest order: distinct patterns (services/beep.ts). */
  beep(kind: 'paid' | 'problem' | 'order'): void;
  openWindow(url: string): void;
  copyText(text: string): Promise<void>;
  randomUuid(): string;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}

export function useApi(): CompanionApi {
  return useServices().api;
}

export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useServices().store, selector);
}

/** The current time, refreshed every `everyMs`, for countdowns and the offline banner. */
export function useNow(everyMs = 1000): number {
  const { now } = useServices();
  const [value, setValue] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setValue(now()), everyMs);
    return () => clearInterval(timer);
  }, [now, everyMs]);
  return value;
}
