import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startHeadless, type Headless } from '../integration/helpers/headless-process.js';

/** How long a host may take from its ready line to its link being up before the bench gives up. */
const CONNECT_TIMEOUT_MS = 30_000;

export interface BenchHost {
  pid: number;
  posApi: string;
  token: string;
  /** The browser-mode UI's address with its one-time token (started with `ui: true`). */
  ui: string | null;
  /** ms from spawn to the `{"connected":true}` line. */
  startToConnectedMs: number;
  headless: Headless;
  /** A POS API request (JSON body in and out); throws on a status other than 2xx. */
  pos(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; link: string | null }>;
  /** A GET of the POS API timed from the request until the whole answer's text is here (not parsed); throws on a status other than 2xx. */
  posText(path: string): Promise<{ ms: number; text: string }>;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The companion as deployed: the bundled headless host (dist/main/headless/headless.bundle.mjs, see run.ts) in its own process,
 * returned only once it prints `{"connected":true,...}`: its link to the service is up. The ready
 * line alone says the host started, not that a call can reach it.
 */
export async function startBenchHost(
  options: { dataDir: string; serviceUrl: string; apiKey: string; transport: 'ws' | 'longpoll'; env?: Record<string, string>; ui?: boolean },
): Promise<BenchHost> {
  const args = [
    '--data-dir', options.dataDir, '--service-url', options.serviceUrl, '--api-key', options.apiKey, '--pos-id', randomUUID(),
    '--transport', options.transport, '--pos-api-port', '0', ...(options.ui ? ['--ui-port', '0'] : ['--no-ui']),
  ];
  const t0 = performance.now();
  // TABLESIDE_BENCH_NODE_ARGS: node options for the host, to profile it during a bench (see README).
  const nodeArgs = process.env.TABLESIDE_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const headless = await startHeadless(args, { built: true, nodeArgs, ...(options.env ? { env: options.env } : {}) });
  let timer: NodeJS.Timeout | undefined;
  try {
    const connected = await Promise.race([
      headless.connected(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`host not connected within ${CONNECT_TIMEOUT_MS} ms: ${headless.stderr().slice(-2000)}`)), CONNECT_TIMEOUT_MS);
      }),
    ]);
    if (connected.connected !== true || connected.transport !== options.transport) throw new Error(`unexpected connected line ${JSON.stringify(connected)}`);
  } catch (e) {
    headless.child.kill('SIGTERM');
    await headless.exited;
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const startToConnectedMs = performance.now() - t0;
  const { posApi, posApiToken: token } = headless.ready;
  const origin = new URL(posApi).origin;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  return {
    pid: headless.child.pid!,
    ui: headless.ready.ui ?? null,
    posApi,
    token,
    startToConnectedMs,
    headless,
    async pos(method, path, body) {
      const res = await posRequest(agent, `${origin}${path.startsWith('/v1') ? path : `/v1${path}`}`, method, token, body);
      if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
      return { status: res.status, body: res.text ? (JSON.parse(res.text) as unknown) : null, link: res.link };
    },
    async posText(path) {
      const t0 = performance.now();
      const res = await posRequest(agent, `${origin}${path.startsWith('/v1') ? path : `/v1${path}`}`, 'GET', token, undefined);
      const ms = performance.now() - t0;
      if (res.status < 200 || res.status > 299) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 300)}`);
      return { ms, text: res.text };
    },
    async stop() {
      agent.destroy();
      headless.child.kill('SIGTERM');
      return headless.exited;
    },
  };
}

/**
 * The link by another real signal, for hosts started by other helpers (the e2e host prints its
 * connected line but does not hand it out): scans until one is answered with a bill list, or
 * gives up after `timeoutMs`. Resolves with whether the link answered.
 */
export async function linkAnswers(scan: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    const answer = await scan().catch(() => null);
    if (Array.isArray(answer) && answer.length > 0) return true;
    // A refused call rejects in a microtask: let socket I/O run between tries.
    await new Promise((r) => setImmediate(r));
  }
  return false;
}

/**
 * One call of the host's POS API through node:http with a keep-alive agent. Not fetch: this process
 * also times the round trips a figure reports, and fetch's streams leave it several times the
 * garbage per call, whose collection pauses land on the timed round trips (test/bench/README.md).
 */
function posRequest(agent: Agent, url: string, method: string, token: string, body: unknown): Promise<{ status: number; text: string; link: string | null }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const link = res.headers.link;
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), link: typeof link === 'string' ? link : null });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
