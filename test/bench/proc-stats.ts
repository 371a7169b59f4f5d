import { readdirSync, readFileSync } from 'node:fs';

/**
 * What Linux's /proc says about another process: CPU time, resident memory, and how often its
 * threads were woken (context switches). Every reader throws where /proc is not there: a figure
 * built on it must fail, not report a zero.
 */

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time the process has used, in ms: the scheduler's own count of each live thread's time on a
 * CPU (/proc/<pid>/task/<tid>/schedstat, in ns). The utime + stime ticks of /proc/<pid>/stat come
 * in 10 ms steps: a block of an echo POS's payments is a few of them, so its figure moved by half
 * between runs. Threads that have ended are only in those ticks: when the process's ticks exceed
 * its live threads' by more than one per thread (each count is cut to a whole tick on its own),
 * the rest is added.
 */
export function cpuMs(pid: number): number {
  let liveNs = 0;
  let liveTicks = 0;
  let threads = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ', 1)[0]);
      const ticks = ticksOf(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
      liveNs += ns;
      liveTicks += ticks;
      threads += 1;
    } catch {
      // The thread ended between the listing and the read: its time is in the process's ticks.
    }
  }
  if (threads === 0 || !Number.isFinite(liveNs)) throw new Error(`no thread of process ${pid} could be read in /proc`);
  const ended = ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8')) - liveTicks;
  return liveNs / 1e6 + (ended > threads + 1 ? (ended * 1000) / USER_HZ : 0);
}

/** utime + stime of a /proc stat line, in ticks. */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Steal time of the whole machine so far, in ms (/proc/stat's `cpu` line, summed over the CPUs):
 * time this VM's CPUs were ready to run but the hypervisor ran something else. A round trip that
 * meets it waits for a reason no process here can change.
 */
export function stealMs(stat = readFileSync('/proc/stat', 'utf8')): number {
  const cpu = stat.split('\n', 1)[0]!.trim().split(/\s+/);
  if (cpu[0] !== 'cpu' || cpu.length < 9) throw new Error('no cpu line with steal time in /proc/stat');
  return (Number(cpu[8]) * 1000) / USER_HZ;
}

/** Resident set size in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for ${pid}`);
  return kb / 1024;
}

/**
 * Context switches of every thread of the process (voluntary + involuntary): each is a wake-up
 * of a thread that had been sleeping or was preempted. Summed over /proc/<pid>/task/*, as the
 * process's own status counts only its main thread.
 */
export function wakeUps(pid: number): { voluntary: number; involuntary: number; threads: number } {
  let voluntary = 0;
  let involuntary = 0;
  const tasks = readdirSync(`/proc/${pid}/task`);
  for (const task of tasks) {
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    voluntary += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    involuntary += Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  }
  return { voluntary, involuntary, threads: tasks.length };
}

/**
 * The process's writes so far, from /proc/<pid>/io: write system calls (write, pwrite, writev...)
 * and the bytes they carried, to disk or socket alike. Throws when a field is missing.
 */
export function writesOf(pid: number): { calls: number; bytes: number } {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const calls = Number(/^syscw:\s+(\d+)/m.exec(io)?.[1]);
  const bytes = Number(/^wchar:\s+(\d+)/m.exec(io)?.[1]);
  if (!Number.isFinite(calls) || !Number.isFinite(bytes)) throw new Error(`no syscw/wchar in /proc/${pid}/io`);
  return { calls, bytes };
}
