// When queued store work runs: once per animation frame, so a burst of events costs one store
// update and one React render per frame instead of one per event.

/** Runs `work` once, later; the returned function cancels it if it has not run yet. */
export type FrameScheduler = (work: () => void) => () => void;

/**
 * A hidden window (tray, background tab) gets no animation frames at all, so a timer runs the work
 * when no frame comes: the store, the sound and the OS notification path keep up while hidden.
 */
const HIDDEN_FALLBACK_MS = 100;

export const animationFrameScheduler: FrameScheduler = (work) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    work();
  };
  const frame = requestAnimationFrame(run);
  const timer = setTimeout(run, HIDDEN_FALLBACK_MS);
  const cancel = () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  return cancel;
};

/** Frames the caller advances by hand (tests): `next()` runs what is waiting, as one frame. */
export interface ManualFrames {
  schedule: FrameScheduler;
  /** Runs the work scheduled so far; returns how many pieces of work ran. */
  next(): number;
  pending(): number;
}

export function manualFrames(): ManualFrames {
  let waiting: (() => void)[] = [];
  return {
    schedule: (work) => {
      waiting.push(work);
      return () => {
        waiting = waiting.filter((w) => w !== work);
      };
    },
    next: () => {
      const now = waiting;
      waiting = [];
      for (const w of now) w();
      return now.length;
    },
    pending: () => waiting.length,
  };
}
