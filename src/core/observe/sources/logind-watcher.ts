import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** systemd's object-path label escaping: every byte but [A-Za-z0-9] (and a leading digit) as `_xx`. */
export function escapeBusLabel(label: string): string {
  let out = '';
  for (const [i, ch] of [...Buffer.from(label, 'utf8')].entries()) {
    const c = String.fromCharCode(ch);
    out += /[A-Za-z]/.test(c) || (i > 0 && /\d/.test(c)) ? c : `_${ch.toString(16).padStart(2, '0')}`;
  }
  return out;
}

export type LogindSignal = { readonly kind: 'locked'; readonly locked: boolean } | { readonly kind: 'sleep'; readonly sleeping: boolean };

/**
 * One line of `gdbus monitor --system --dest org.freedesktop.login1`: this session's `LockedHint`
 * changing (only when `sessionPath` is known) or the manager's `PrepareForSleep`.
 */
export function parseLogindLine(line: string, sessionPath: string | null): LogindSignal | null {
  const sleep = /^\/org\/freedesktop\/login1: org\.freedesktop\.login1\.Manager\.PrepareForSleep \((true|false),?\)/.exec(line);
  if (sleep) return { kind: 'sleep', sleeping: sleep[1] === 'true' };
  if (sessionPath === null || !line.startsWith(`${sessionPath}: org.freedesktop.DBus.Properties.PropertiesChanged`)) return null;
  const locked = /'LockedHint': <(true|false)>/.exec(line);
  return locked ? { kind: 'locked', locked: locked[1] === 'true' } : null;
}

/**
 * logind's view of this session over the system bus, followed by one long-lived `gdbus monitor`
 * (nothing per poll): the session locked (`LockedHint`, what GNOME, KDE and `loginctl lock-session`
 * set) and the computer about to sleep (`PrepareForSleep`). Optional: without a system bus or gdbus
 * it knows nothing and says nothing.
 */
export class LogindWatcher {
  private child: ChildProcess | null = null;
  private lockedSince: number | null = null;
  private sleepingSince: number | null = null;
  private readonly sessionPath: string | null;

  constructor(
    env: NodeJS.ProcessEnv = process.env,
    private readonly now: () => number = Date.now,
  ) {
    this.sessionPath = env.XDG_SESSION_ID ? `/org/freedesktop/login1/session/${escapeBusLabel(env.XDG_SESSION_ID)}` : null;
  }

  start(): void {
    if (this.child) return;
    const child = spawn('gdbus', ['monitor', '--system', '--dest', 'org.freedesktop.login1'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.on('error', () => {}); // no gdbus: nothing to follow
    child.on('exit', () => {
      this.lockedSince = this.sleepingSince = null;
    });
    createInterface({ input: child.stdout }).on('line', (line) => this.receive(line));
    this.child = child;
  }

  /** Why the session counts as locked now, per logind, with since when; null when it does not. */
  state(): { why: 'screen locked' | 'going to sleep'; sinceMs: number } | null {
    if (this.sleepingSince !== null) return { why: 'going to sleep', sinceMs: this.sleepingSince };
    if (this.lockedSince !== null) return { why: 'screen locked', sinceMs: this.lockedSince };
    return null;
  }

  receive(line: string): void {
    const signal = parseLogindLine(line, this.sessionPath);
    if (signal?.kind === 'sleep') this.sleepingSince = signal.sleeping ? (this.sleepingSince ?? this.now()) : null;
    else if (signal?.kind === 'locked') this.lockedSince = signal.locked ? (this.lockedSince ?? this.now()) : null;
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill();
    });
  }
}
