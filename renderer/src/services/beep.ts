import { playTones, type TonePattern } from './tones';

// Short tones with WebAudio, one pattern for paid and one for problems: no sound file to ship, and nothing happens where audio is missing.
let context: AudioContext | null = null;
/** performance.now() until which the last beep still sounds. */
let soundingUntil = 0;
const BEEP_MS = 300;

function audio(): AudioContext | null {
  const Ctor = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Ctor) return null;
  context ??= new Ctor();
  return context;
}

/**
 * Creating an AudioContext takes tens of milliseconds; done on the cashier's first click or key
 * (when the browser lets audio start anyway), the first notice of a busy evening does not pay it.
 */
export function warmUpSoundOnFirstGesture(target: EventTarget): () => void {
  const warm = () => {
    off();
    audio();
  };
  const off = () => {
    target.removeEventListener('pointerdown', warm);
    target.removeEventListener('keydown', warm);
  };
  target.addEventListener('pointerdown', warm);
  target.addEventListener('keydown', warm);
  return off;
}

/** paid: good news; problem: declined, failed, capture needed, a service error; order: a guest ordered. */
export type BeepKind = 'paid' | 'problem' | 'order';

/**
 * Two patterns a cashier tells apart without looking: paid rises (two short sine tones), a
 * problem falls and repeats (three square-wave pulses, lower), like a till's "error" chirp; a new
 * order climbs four triangle notes (a service bell).
 */
const PATTERNS: Record<BeepKind, TonePattern> = {
  paid: { wave: 'sine', tones: [880, 1320], step: 0.15, length: 0.12, gain: 0.15 },
  problem: { wave: 'square', tones: [660, 440, 440], step: 0.18, length: 0.13, gain: 0.08 },
  // A guest's order: a bell-like three-note rise, longer than paid, so the kitchen knows work came in.
  order: { wave: 'triangle', tones: [784, 988, 1175, 1568], step: 0.12, length: 0.16, gain: 0.2 },
};

export function beep(kind: BeepKind = 'paid'): void {
  // One beep at a time: calls while one still sounds are dropped, so a burst of payments rings
  // once instead of stacking dozens of oscillators.
  const now = performance.now();
  if (now < soundingUntil) return;
  const ctx = audio();
  if (!ctx) return;
  const pattern = PATTERNS[kind];
  soundingUntil = now + Math.max(BEEP_MS, pattern.tones.length * pattern.step * 1000);
  playTones(ctx, pattern);
}
