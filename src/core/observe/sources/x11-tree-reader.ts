import { spawn, type ChildProcess } from 'node:child_process';

const END = '__SHADOW_TREE_END__';
const END_LINE = new RegExp(`\\n?${END} (\\d+)\\n`);

/**
 * `xwininfo -root -tree`, once per screenshot, run by one long-lived `sh` instead of spawned from
 * the core: a spawn from a process the core's size costs ~10 ms of its CPU (bench/capture-cpu.ts),
 * from a small shell a fraction of that. One read at a time; a read that fails or hangs ends the
 * shell (the next read starts another) and rejects, so a screenshot is never kept unchecked.
 */
export class X11TreeReader {
  private shell: ChildProcess | null = null;
  private output = '';
  private pending: { resolve: (tree: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout } | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly timeoutMs = 2000) {}

  read(): Promise<string> {
    const next = this.chain.then(() => this.readOnce());
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Ends the shell and waits for it, so its children's CPU is accounted to this process. */
  async close(): Promise<void> {
    const shell = this.shell;
    if (!shell) return;
    const exited = new Promise<void>((resolve) => shell.once('exit', () => resolve()));
    this.stop(new Error('the window reader was closed'));
    await exited;
  }

  private readOnce(): Promise<string> {
    const shell = this.start();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => this.stop(new Error(`xwininfo did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      this.pending = { resolve, reject, timer };
      shell.stdin!.write(`xwininfo -root -tree 2>&1; printf '\\n${END} %d\\n' $?\n`);
    });
  }

  private start(): ChildProcess {
    if (this.shell) return this.shell;
    const shell = spawn('sh', [], { stdio: ['pipe', 'pipe', 'ignore'] });
    shell.stdout.setEncoding('utf8');
    shell.stdout.on('data', (chunk: string) => this.receive(chunk));
    shell.on('error', (error) => this.stop(new Error(`could not run sh for xwininfo: ${error.message}`)));
    shell.on('exit', () => {
      if (this.shell === shell) this.stop(new Error('the shell running xwininfo ended'));
    });
    this.shell = shell;
    return shell;
  }

  private receive(chunk: string): void {
    this.output += chunk;
    const end = END_LINE.exec(this.output);
    if (!end || !this.pending) return;
    const tree = this.output.slice(0, end.index);
    this.output = this.output.slice(end.index + end[0].length);
    const { resolve, reject, timer } = this.pending;
    this.pending = null;
    clearTimeout(timer);
    if (end[1] === '0') resolve(tree);
    else reject(new Error(`xwininfo -root -tree failed (status ${end[1]}): ${tree.trim().slice(0, 200)}`));
  }

  private stop(error: Error): void {
    const shell = this.shell;
    this.shell = null;
    this.output = '';
    if (this.pending) {
      clearTimeout(this.pending.timer);
      this.pending.reject(error);
      this.pending = null;
    }
    if (shell && shell.exitCode === null && shell.signalCode === null) shell.kill('SIGKILL');
  }
}
