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
}

/** `npm run headless` as a real child process; resolves with its ready line (the first stdout line). */
export async function startHeadless(args: string[], options: { built?: boolean } = {}): Promise<{ child: ChildProcess; ready: Ready; exited: Promise<number | null>; stderr: () => string }> {
  // built: the compiled host, as deployed (npm run build); otherwise from source through tsx.
  const entry = options.built ? ['dist/main/headless/cli.js'] : ['--import', 'tsx', 'main/headless/cli.ts'];
  const child = spawn(process.execPath, [...entry, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    exited.then((code) => {
      throw new Error(`headless exited (${code}) before its ready line: ${stderr.slice(-2000)}`);
    }),
  ]);
  return { child, ready: JSON.parse(first) as Ready, exited, stderr: () => stderr };
}
