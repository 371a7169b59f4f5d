// Each notice kind rings its own way; a phone without vibration or audio still works.
import { describe, expect, it } from 'vitest';
import { browserAlerter, PATTERNS } from './alerts';
import { NOTICE_KINDS } from './device-storage';

function fakeWindow(options: { vibrate: boolean; audio: boolean }) {
  const vibrations: number[][] = [];
  const tones: { type: string; frequency: number }[] = [];
  let now = 0;
  class FakeAudio {
    state = 'suspended';
    currentTime = 0;
    destination = {};
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
    createGain() {
      return { gain: { value: 0 }, connect: () => undefined };
    }
    createOscillator() {
      const osc = {
        type: '',
        frequency: { value: 0 },
        connect: () => undefined,
        start: () => tones.push({ type: osc.type, frequency: osc.frequency.value }),
        stop: () => undefined,
      };
      return osc;
    }
  }
  const win = {
    navigator: options.vibrate ? { vibrate: (p: number[]) => (vibrations.push(p), true) } : {},
    performance: { now: () => now },
    ...(options.audio ? { AudioContext: FakeAudio } : {}),
  } as unknown as Window & typeof globalThis;
  return { win, vibrations, tones, advance: (ms: number) => (now += ms) };
}

describe('notice alerts', () => {
  it('gives every kind its own vibration and its own tones', () => {
    const vibrations = new Set(NOTICE_KINDS.map((k) => PATTERNS[k].vibrate.join()));
    const sounds = new Set(NOTICE_KINDS.map((k) => `${PATTERNS[k].wave}:${PATTERNS[k].tones.join()}`));
    expect(vibrations.size).toBe(NOTICE_KINDS.length);
    expect(sounds.size).toBe(NOTICE_KINDS.length);
  });

  it('vibrates and plays the kind’s tones; a burst rings once', () => {
    const w = fakeWindow({ vibrate: true, audio: true });
    const alerter = browserAlerter(w.win);
    alerter.alert('declined');
    alerter.alert('paid');
    expect(w.vibrations).toEqual([PATTERNS.declined.vibrate, PATTERNS.paid.vibrate]);
    expect(w.tones.map((t) => t.frequency)).toEqual(PATTERNS.declined.tones);
    w.advance(5_000);
    alerter.alert('paid');
    expect(w.tones.slice(PATTERNS.declined.tones.length).map((t) => t.frequency)).toEqual(PATTERNS.paid.tones);
  });

  it('without navigator.vibrate (iOS) or audio it does nothing and throws nothing', () => {
    const w = fakeWindow({ vibrate: false, audio: false });
    const alerter = browserAlerter(w.win);
    expect(() => {
      alerter.warmUp();
      alerter.alert('call');
    }).not.toThrow();
  });
});
