// A short two-tone beep with WebAudio: no sound file to ship, and nothing happens where audio is missing.
let context: AudioContext | null = null;

export function beep(): void {
  const Ctor = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Ctor) return;
  context ??= new Ctor();
  const ctx = context;
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
