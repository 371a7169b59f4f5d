// A few short tones with WebAudio: no sound file to ship. Shared by the cashier's beeps and the waiters' phones.

export interface TonePattern {
  wave: OscillatorType;
  /** Frequencies in Hz, one after the other. */
  tones: number[];
  /** Seconds from one tone's start to the next's. */
  step: number;
  /** Seconds each tone sounds. */
  length: number;
  gain: number;
}

/** Plays a pattern now; resumes a context the browser suspended (iOS after sleep, a tab without a gesture). */
export function playTones(ctx: AudioContext, pattern: TonePattern): void {
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const gain = ctx.createGain();
  gain.gain.value = pattern.gain;
  gain.connect(ctx.destination);
  pattern.tones.forEach((frequency, i) => {
    const osc = ctx.createOscillator();
    osc.type = pattern.wave;
    osc.frequency.value = frequency;
    osc.connect(gain);
    const start = ctx.currentTime + i * pattern.step;
    osc.start(start);
    osc.stop(start + pattern.length);
  });
}
