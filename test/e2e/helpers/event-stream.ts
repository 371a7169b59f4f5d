/** The host's POS API event stream (SSE) read in the test process, with each event's arrival time. */

export interface StreamEvent {
  seq: number;
  kind: string;
  at: string;
  tableId: string | null;
  billId: string | null;
  paymentId: string | null;
  data: Record<string, unknown>;
}

export interface Received {
  event: StreamEvent;
  /** Wall-clock ms (performance.timeOrigin + performance.now()) when the frame was read. */
  receivedAt: number;
}

export interface EventStream {
  received: Received[];
  /** Resolves with the first received event that matches, now or later; rejects after the deadline. */
  waitFor(match: (e: StreamEvent) => boolean, what: string, timeoutMs?: number): Promise<Received>;
  close(): void;
}

const wallClock = () => performance.timeOrigin + performance.now();

/** GET <posApi>/events?after=<seq> as text/event-stream, bearer token; parses `data:` lines of each frame. */
export async function openEventStream(posApi: string, token: string, after = 0): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${posApi}/events?after=${after}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`event stream: HTTP ${res.status}`);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = wallClock();
        buffer += value;
        let end = buffer.indexOf('\n\n');
        // Bounded by the buffer: each pass consumes one complete frame.
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) received.push({ event: JSON.parse(data) as StreamEvent, receivedAt: at });
          end = buffer.indexOf('\n\n');
        }
        for (const w of [...waiters]) w();
      }
    } catch {
      // Aborted by close(), or the host went away: the waiters time out with a clear message.
    }
  })();
  return {
    received,
    waitFor(match, what, timeoutMs = 30_000) {
      return new Promise<Received>((resolve, reject) => {
        const check = () => {
          const hit = received.find((r) => match(r.event));
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`event stream: no ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      abort.abort();
    },
  };
}
