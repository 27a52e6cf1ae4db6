import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  readonly comm: string;
  /** utime + stime: the process's own CPU. */
  readonly ownTicks: number;
  /** cutime + cstime: its reaped children's CPU. */
  readonly reapedTicks: number;
}

function readStat(pid: number | 'self'): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after "(comm) " start at field 3 (state): utime, stime, cutime, cstime are fields 14..17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const field = (n: number): number => Number(fields[n - 3]);
    return { comm, ownTicks: field(14) + field(15), reapedTicks: field(16) + field(17) };
  } catch {
    return null;
  }
}

/** CPU seconds of this process's reaped children (cutime + cstime). */
export function reapedChildrenCpuSeconds(): number {
  return readStat('self')!.reapedTicks / TICKS_PER_SECOND;
}

function childPids(pid: number): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      pids.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return pids;
}

/** CPU ticks of each live child of this process (with all it ran), by pid; children named in `exclude` are left out. */
function liveChildren(exclude: ReadonlySet<string>): Map<number, number> {
  const ticks = new Map<number, number>();
  const total = (pid: number): number => {
    const stat = readStat(pid);
    if (!stat) return 0;
    return stat.ownTicks + stat.reapedTicks + childPids(pid).reduce((sum, child) => sum + total(child), 0);
  };
  for (const pid of childPids(process.pid)) {
    const stat = readStat(pid);
    if (stat && !exclude.has(stat.comm)) ticks.set(pid, total(pid));
  }
  return ticks;
}

/**
 * CPU of the processes this one runs, over a stretch: those reaped meanwhile (their whole life, less
 * what they had used when the stretch began) and those still running (what they used in it), each
 * with everything it ran. `exclude` names children that are not part of what is measured (a test
 * desktop's X server, window manager and terminals).
 */
export function childrenCpuMeter(exclude: readonly string[] = []): () => number {
  const skip = new Set(exclude);
  const reaped0 = readStat('self')!.reapedTicks;
  const live0 = liveChildren(skip);
  return () => {
    const reaped = readStat('self')!.reapedTicks - reaped0;
    const live = liveChildren(skip);
    let ticks = reaped;
    for (const value of live.values()) ticks += value;
    for (const value of live0.values()) ticks -= value;
    return ticks / TICKS_PER_SECOND;
  };
}

/**
 * CPU seconds of a process and everything below it now: each live process's own time and the time of
 * the children it has reaped (a long-lived shell's short commands are counted there). Children that end
 * between two readings without being reaped by a measured process are the only ones missed.
 */
export function processTreeCpuSeconds(pid: number, where: (pid: number) => boolean = () => true): number {
  const total = (p: number): number => {
    const stat = readStat(p);
    if (!stat) return 0;
    let ticks = where(p) ? stat.ownTicks + stat.reapedTicks : 0;
    try {
      for (const child of childPids(p)) ticks += total(child);
    } catch {
      // It ended meanwhile.
    }
    return ticks;
  };
  return total(pid) / TICKS_PER_SECOND;
}

/** The command line of a process, its arguments joined by spaces ('' once it has ended). */
export function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The processes below `pid` (children, their children, …). */
export function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  const walk = (p: number): void => {
    let children: number[] = [];
    try {
      children = childPids(p);
    } catch {
      return;
    }
    for (const child of children) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** A process as a reader knows it: its name, and for node the script it runs (`node ocr-process.js`). */
function labelOf(pid: number, comm: string): string {
  if (comm !== 'node') return comm;
  const script = commandLineOf(pid)
    .split(' ')
    .find((arg) => /\.(c|m)?[jt]s$/.test(arg));
  return script ? `node ${script.split('/').pop()}` : comm;
}

/** CPU seconds of `pid` and each process below it now, by what it is (own time and what it reaped). */
export function processTreeCpuByName(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const p of [pid, ...descendantsOf(pid)]) {
    const stat = readStat(p);
    if (!stat) continue;
    const label = labelOf(p, stat.comm);
    byName.set(label, (byName.get(label) ?? 0) + (stat.ownTicks + stat.reapedTicks) / TICKS_PER_SECOND);
  }
  return byName;
}
