import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const shadowBin = fileURLToPath(new URL('../../bin/shadow.js', import.meta.url));

export interface ShadowProcess {
  readonly child: ChildProcess;
  /** e.g. http://127.0.0.1:40123/api/v1, as printed by `shadow start`. */
  readonly apiUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** GET an API path (e.g. `/health`) with the bearer token; throws with the body on a non-2xx answer. */
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /** Any method, e.g. PUT or PATCH, with a JSON body. */
  send<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** SIGTERM, then SIGKILL if it has not exited in 5 s. */
  stop(): Promise<void>;
}

/** A fixed token so tests need not read the profile's token file. */
export const TEST_API_TOKEN = 'test-token-0123456789abcdef';

/**
 * Runs the real CLI (`node bin/shadow.js ...`) as a child process; `launcher` is a command it runs
 * under (e.g. `unshare -m … sh -c '…; exec "$@"'`), which must end by exec'ing the rest.
 */
export function spawnShadow(args: readonly string[], env: NodeJS.ProcessEnv, launcher: readonly string[] = []): ChildProcess {
  const command = [...launcher, process.execPath, shadowBin, ...args];
  return spawn(command[0]!, command.slice(1), { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface ShadowRun {
  /** The exit code (null when a signal ended it). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs one `shadow` command to its end (the real CLI, `node bin/shadow.js <args>`, from the repository
 * root) and answers its exit code and output; a failing command is an answer, not a throw. The one way
 * tests run a CLI command: `env` chooses the profile (SHADOW_HOME, a key, TZ).
 */
export function runShadow(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: { readonly timeoutMs?: number } = {},
): Promise<ShadowRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [shadowBin, ...args],
      { cwd: repoRoot, env, timeout: options.timeoutMs ?? 0, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Waits for an output line matching `pattern`; rejects with the output so far if the process exits or time runs out. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number, log: string[]): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const match = log.join('').match(pattern);
      if (match) {
        cleanup();
        resolve(match);
      }
      return Boolean(match);
    };
    const onData = (): void => void check();
    const onExit = (code: number | null): void => {
      cleanup();
      reject(new Error(`shadow exited (code ${code}) before printing ${pattern}:\n${log.join('')}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`shadow did not print ${pattern} within ${timeoutMs} ms:\n${log.join('')}`));
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    check();
  });
}

/** `shadow start --headless ...` with `--port 0`; resolves once the API is listening. */
export async function startHeadlessShadow(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  launcher: readonly string[] = [],
): Promise<ShadowProcess> {
  const child = spawnShadow(['start', '--headless', '--port', '0', ...args], { ...env, SHADOW_API_TOKEN: TEST_API_TOKEN }, launcher);
  const log: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  let apiUrl: string;
  try {
    apiUrl = (await waitForOutput(child, /API:\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/, timeoutMs, log))[1]!;
  } catch (error) {
    await stop();
    throw error;
  }
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_API_TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    child,
    apiUrl,
    output: () => log.join(''),
    get: (path) => request('GET', path),
    post: (path, body = {}) => request('POST', path, body),
    send: (method, path, body) => request(method, path, body),
    stop,
  };
}
