import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from '../package-root';
import type { OcrReply, OcrRequest } from './ocr-process';
import type { OcrArea, OcrLine, TextRecognizer } from './text-recognizer';

interface Read {
  readonly text: string;
  readonly lines?: readonly OcrLine[];
}

interface Pending {
  readonly resolve: (read: Read) => void;
  readonly reject: (error: Error) => void;
}

/**
 * How to start `ocr-process`: built beside the bundle this code runs from (the CLI's in out/cli, the
 * Electron main's in out/main, where it may sit in out/main/chunks), else its TypeScript source
 * through the tsx loader (running from src/).
 */
export function ocrProcessEntry(): { readonly script: string; readonly execArgv: readonly string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, dirname(here)]) {
    const built = join(dir, 'ocr-process.js');
    if (existsSync(built)) return { script: built, execArgv: [] };
  }
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { script: join(packageRoot, 'src', 'core', 'ocr', 'ocr-process.ts'), execArgv: ['--import', tsxLoader] };
}

/**
 * The OCR process leaves after this long without a frame, giving its memory back (~240 MiB). Each
 * start costs ~1.2 s of CPU (bench/engine-day-cpu.ts); on the demo day a minute meant 67 starts (0.28%
 * of a core), two minutes 29, for the process being up 2.2 h of 8 instead of 1.5 h.
 */
export const OCR_PROCESS_IDLE_EXIT_MS = 120_000;

interface RunningProcess {
  readonly process: ChildProcess;
  /** Frames sent to this process and not answered yet. */
  readonly pending: Map<number, Pending>;
}

/**
 * Tesseract in a child process (see ocr-process.ts), forked on the first image and stopped after
 * `idleExitMs` without one (the next image starts it again, ~1 s). If the process dies, the frames
 * it was reading fail (the OCR service counts them) and the next image starts a new one.
 */
export function createOcrProcessRecognizer(options: { idleExitMs?: number } = {}): TextRecognizer {
  const idleExitMs = options.idleExitMs ?? OCR_PROCESS_IDLE_EXIT_MS;
  let current: RunningProcess | null = null;
  let nextId = 1;
  let peakRss: number | null = null;
  let idleTimer: NodeJS.Timeout | null = null;

  const failAll = (running: RunningProcess, error: Error): void => {
    for (const { reject } of running.pending.values()) reject(error);
    running.pending.clear();
  };

  const stop = async (running: RunningProcess, reason: string): Promise<void> => {
    if (current === running) current = null;
    failAll(running, new Error(reason));
    const child = running.process;
    if (!child.connected) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // The child exits when its IPC channel closes; a stuck one is killed.
    child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  };

  const stopWhenIdle = (running: RunningProcess): void => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (running.pending.size > 0) return;
    idleTimer = setTimeout(() => void stop(running, 'OCR process idle'), idleExitMs);
    // An idle OCR process never keeps the engine (or a CLI command) alive.
    idleTimer.unref();
    running.process.unref();
    running.process.channel?.unref();
  };

  const start = (): RunningProcess => {
    if (current) return current;
    const entry = ocrProcessEntry();
    const child = fork(entry.script, [], {
      execArgv: [...entry.execArgv],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Inside Electron, process.execPath is Electron itself: run it as plain Node.
      env: process.versions.electron ? { ...process.env, ELECTRON_RUN_AS_NODE: '1' } : process.env,
    });
    const running: RunningProcess = { process: child, pending: new Map() };
    child.on('message', (message: OcrReply) => {
      const waiting = running.pending.get(message.id);
      if (!waiting) return;
      running.pending.delete(message.id);
      if (current === running) stopWhenIdle(running);
      if ('error' in message) return waiting.reject(new Error(message.error));
      peakRss = Math.max(peakRss ?? 0, message.peakRssBytes);
      waiting.resolve({ text: message.text, ...(message.lines && { lines: message.lines }) });
    });
    child.on('error', (error) => {
      if (current === running) current = null;
      failAll(running, new Error(`The OCR process failed: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      if (current === running) current = null;
      failAll(running, new Error(`The OCR process exited (${signal ?? `code ${code}`}) while reading a frame`));
    });
    current = running;
    return running;
  };

  const read = (image: Buffer, lines: boolean, area?: OcrArea): Promise<Read> => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const running = start();
    running.process.ref();
    running.process.channel?.ref();
    const id = nextId++;
    return new Promise<Read>((resolve, reject) => {
      running.pending.set(id, { resolve, reject });
      const request: OcrRequest = { id, image, ...(lines && { lines }), ...(area && { area }) };
      running.process.send(request, (error) => {
        if (!error || !running.pending.delete(id)) return;
        reject(new Error(`Could not send a frame to the OCR process: ${error.message}`));
      });
    });
  };

  return {
    recognize: async (image) => (await read(image, false)).text,
    recognizeLines: async (image, area) => [...((await read(image, true, area)).lines ?? [])],
    async terminate() {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (current) await stop(current, 'OCR stopped');
    },
    peakRssBytes: () => peakRss,
  };
}
