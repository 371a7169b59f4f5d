// A short two-tone beep with WebAudio: no sound file to ship, and nothing happens where audio is missing.
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

export function beep(): void {
  // One beep at a time: calls while one still sounds are dropped, so a burst of payments rings
  // once instead of stacking dozens of oscillators.
  const now = performance.now();
  if (now < soundingUntil) return;
  const ctx = audio();
  if (!ctx) return;
  soundingUntil = now + BEEP_MS;
  if (ctx.state === 'suspended') void ctx.resume();
  const gain = ctx.createGain();
  gain.gain.value = 0.15;
  gain.connect(ctx.destination);
  [880, 1320].forEach((frequency, i) => {
    const osc = ctx.createOscillator();
    osc.frequency.value = frequency;
    osc.connect(gain);
    const start = ctx.currentTime + i * 0.15;
    osc.start(start);
    osc.stop(start + 0.12);
  });
}
