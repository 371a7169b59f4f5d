// A vibration and a sound per notice kind, so a waiter knows what happened without looking.
// navigator.vibrate is missing on iOS Safari: there the sound alone tells. WebAudio needs a first
// touch on iOS before it plays, so the context is made on the first tap.
import type { StaffNoticeKind } from '../../../preload/staff-frames';
import { playTones, type TonePattern } from '../services/tones';

interface Pattern extends TonePattern {
  vibrate: number[];
}

// Good news rises and is short; problems fall, repeat and buzz longer; a guest's call is a bell.
export const PATTERNS: Record<StaffNoticeKind, Pattern> = {
  paid: { vibrate: [80], wave: 'sine', tones: [880, 1320], step: 0.15, length: 0.12, gain: 0.15 },
  'partly-paid': { vibrate: [80, 60, 80], wave: 'sine', tones: [880, 1100], step: 0.15, length: 0.12, gain: 0.15 },
  tip: { vibrate: [40, 40, 40], wave: 'sine', tones: [1320, 1760], step: 0.1, length: 0.08, gain: 0.12 },
  'order-new': { vibrate: [150, 80, 150], wave: 'triangle', tones: [784, 988, 1175], step: 0.12, length: 0.16, gain: 0.2 },
  declined: { vibrate: [300, 100, 300], wave: 'square', tones: [660, 440, 440], step: 0.18, length: 0.13, gain: 0.08 },
  failed: { vibrate: [300, 100, 300, 100, 300], wave: 'square', tones: [620, 410, 410], step: 0.18, length: 0.13, gain: 0.08 },
  capture: { vibrate: [500, 150, 150], wave: 'sawtooth', tones: [523, 523], step: 0.25, length: 0.15, gain: 0.07 },
  'order-failed': { vibrate: [200, 100, 200, 100, 200], wave: 'square', tones: [587, 392], step: 0.2, length: 0.15, gain: 0.08 },
  'pos-not-taken': { vibrate: [600, 200, 600], wave: 'sawtooth', tones: [440, 330, 440, 330], step: 0.16, length: 0.12, gain: 0.07 },
  call: { vibrate: [100, 50, 100, 50, 400], wave: 'triangle', tones: [1568, 1175, 1568, 1175], step: 0.14, length: 0.14, gain: 0.2 },
};

export interface Alerter {
  alert(kind: StaffNoticeKind): void;
  /** Called on the first touch: makes (and on iOS, unlocks) the audio context. */
  warmUp(): void;
}

type AudioCtor = typeof AudioContext;

export function browserAlerter(win: Window & typeof globalThis): Alerter {
  let context: AudioContext | null = null;
  let soundingUntil = 0;
  const audio = (): AudioContext | null => {
    const Ctor = (win.AudioContext ?? (win as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext) as AudioCtor | undefined;
    if (!Ctor) return null;
    try {
      context ??= new Ctor();
    } catch {
      return null;
    }
    return context;
  };
  return {
    warmUp() {
      const ctx = audio();
      if (ctx && ctx.state !== 'running') void ctx.resume().catch(() => undefined);
    },
    alert(kind) {
      const pattern = PATTERNS[kind];
      if (typeof win.navigator.vibrate === 'function') win.navigator.vibrate(pattern.vibrate);
      // One sound at a time: a burst of notices rings once instead of a pile of oscillators.
      const now = win.performance.now();
      if (now < soundingUntil) return;
      const ctx = audio();
      if (!ctx) return;
      soundingUntil = now + pattern.tones.length * pattern.step * 1000;
      playTones(ctx, pattern);
    },
  };
}
