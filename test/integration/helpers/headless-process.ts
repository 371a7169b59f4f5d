import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface Ready {
  ready: true;
  posApi: string;
  posApiToken: string;
  transport: string;
  ui?: string;
  demo?: boolean;
  sandbox?: string;
  webhook?: string;
  /** Why the host does not connect (status 'stopped'), e.g. SETTINGS_DAMAGED. */
  problem?: string;
}

/** The second stdout line: printed once, the first time the link is up. */
export interface Connected {
  connected: true;
  transport: string;
}

export interface HeadlessOptions {
  /** The bundled host, as deployed (npm run build: dist/main/headless/headless.bundle.mjs); otherwise from source through tsx. */
  built?: boolean;
  /** Another built entry file to run instead (a bundle built by a test). */
  entry?: string;
  /** Extra environment variables (e.g. TABLESIDE_API_KEY); the rest is inherited. */
  env?: Record<string, string>;
  /** Node options before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** A pipe to the host's stdin (its "open" command), instead of none. */
  stdin?: boolean;
}

export interface Headless {
  child: ChildProcess;
  ready: Ready;
  exited: Promise<number | null>;
  stderr: () => string;
  /** The next stdout line after those already taken; rejects if the process ends first. */
  nextLine: () => Promise<string>;
  /** Resolves with the connected line (the next stdout line, parsed). */
  connected: () => Promise<Connected>;
  /** Every stdout line after the ready line so far. */
  lines: () => string[];
}

/** Reads a child's stdout line by line, handing each line to whoever waits for it, in order. */
function lineQueue(child: ChildProcess, exited: Promise<number | null>, stderr: () => string) {
  const seen: string[] = [];
  let taken = 0;
  const waiters: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    seen.push(line);
    const waiter = waiters.shift();
    if (waiter) {
      taken++;
      waiter(line);
    }
  });
  const next = (): Promise<string> => {
    if (taken < seen.length) return Promise.resolve(seen[taken++]!);
    return Promise.race([
      new Promise<string>((resolve) => waiters.push(resolve)),
      exited.then((code) => {
        throw new Error(`headless exited (${code}) before the next stdout line: ${stderr().slice(-2000)}`);
      }),
    ]);
  };
  return { next, seen };
}

/** `npm run headless` as a real child process; resolves with its ready line (the first stdout line). */
export async function startHeadless(args: string[], options: HeadlessOptions = {}): Promise<Headless> {
  const entry = options.entry ? [options.entry] : options.built ? ['dist/main/headless/headless.bundle.mjs'] : ['--import', 'tsx', 'main/headless/cli.ts'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry, ...args], {
    cwd: root,
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  // 'close', not 'exit': by then stdout has been read to its end, so lines() is complete.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const queue = lineQueue(child, exited, () => stderr);
  const first = await queue.next().catch((e: Error) => {
    throw new Error(e.message.replace('the next stdout line', 'its ready line'));
  });
  return {
    child,
    ready: JSON.parse(first) as Ready,
    exited,
    stderr: () => stderr,
    nextLine: queue.next,
    connected: async () => JSON.parse(await queue.next()) as Connected,
    lines: () => queue.seen.slice(1),
  };
}
