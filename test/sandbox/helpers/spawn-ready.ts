import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Spawns a process that prints a JSON ready line first (the sandbox CLI, the headless host) and
 * resolves with that object. Rejects if the process exits first or prints something else.
 */
export function spawnReady(
  command: string,
  args: string[],
  opts: { cwd?: string; timeoutMs?: number } = {},
): Promise<{ child: ChildProcess; ready: Record<string, unknown>; stderr: () => string }> {
  const child = spawn(command, args, { cwd: opts.cwd ?? process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ready line within ${opts.timeoutMs ?? 60_000} ms; stderr: ${err}`));
    }, opts.timeoutMs ?? 60_000);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve({ child, ready: JSON.parse(line) as Record<string, unknown>, stderr: () => err });
      } catch {
        child.kill('SIGKILL');
        reject(new Error(`first stdout line is not JSON: ${line}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before the ready line; stderr: ${err}`));
    });
  });
}

/** Sends a signal and resolves with the exit code. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
