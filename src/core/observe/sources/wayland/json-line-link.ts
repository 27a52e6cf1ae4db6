import { connect } from 'node:net';
import type { Readable, Writable } from 'node:stream';

/**
 * A connection to a helper that runs inside the compositor (the GNOME Shell extension, the KWin
 * bridge to KWin, over its stdin and stdout): one JSON object a line each way, requests answered by id, events pushed between
 * them. An answer whose result names `bytes: N` is followed by N raw bytes (a screenshot), handed
 * over as `payload`.
 */
export interface LinkAnswer<T> {
  readonly result: T;
  readonly payload: Buffer | null;
}

type Waiter = { resolve: (answer: LinkAnswer<unknown>) => void; reject: (error: Error) => void };

/** A helper process's pipes, in place of a socket: requests go to `input`, answers come from `output`. */
export interface LinkPipes {
  readonly input: Writable;
  readonly output: Readable;
  /** Ends the helper. */
  destroy(): void;
}

export class JsonLineLink {
  private readonly input: Writable;
  private readonly destroy: () => void;
  private readonly waiting = new Map<number, Waiter>();
  /**
   * What arrived and was not read yet, as it arrived: joined only once a whole line or payload is in
   * (a screenshot of 3 MB comes in 64 KiB reads; joining at each read copied it ~50 times over).
   */
  private pieces: Buffer[] = [];
  private pendingBytes = 0;
  /** An answer whose bytes are still arriving. */
  private awaitingBytes: { id: number; result: unknown; size: number } | null = null;
  private nextId = 1;
  private closedBy: Error | null = null;
  private readonly ready: Promise<void>;

  constructor(
    target: string | LinkPipes,
    private readonly what: string,
    private readonly handlers: { onEvent?: (message: Record<string, unknown>) => void; onClose?: (error: Error) => void } = {},
  ) {
    if (typeof target === 'string') {
      const socket = connect(target);
      this.input = socket;
      this.destroy = () => socket.destroy();
      this.ready = new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
      socket.on('data', (chunk: Buffer) => this.receive(chunk));
      socket.on('error', (error) => this.close(new Error(`${what} (${target}) cannot be reached: ${error.message}`)));
      socket.on('close', () => this.close(new Error(`${what} closed the connection`)));
    } else {
      this.input = target.input;
      this.destroy = () => target.destroy();
      this.ready = Promise.resolve();
      target.input.on('error', (error) => this.close(new Error(`${what} stopped reading: ${error.message}`)));
      target.output.on('data', (chunk: Buffer) => this.receive(chunk));
      target.output.on('close', () => this.close(new Error(`${what} ended`)));
    }
    this.ready.catch(() => {});
  }

  async request<T>(method: string, params: Record<string, unknown> = {}): Promise<LinkAnswer<T>> {
    if (this.closedBy) throw this.closedBy;
    await this.ready;
    const id = this.nextId++;
    const answer = new Promise<LinkAnswer<unknown>>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.input.write(`${JSON.stringify({ id, method, params })}\n`);
    return (await answer) as LinkAnswer<T>;
  }

  get closed(): boolean {
    return this.closedBy !== null;
  }

  close(reason = new Error(`the connection to ${this.what} was closed`)): void {
    if (this.closedBy) return;
    this.closedBy = reason;
    this.destroy();
    for (const waiter of this.waiting.values()) waiter.reject(reason);
    this.waiting.clear();
    this.handlers.onClose?.(reason);
  }

  private receive(chunk: Buffer): void {
    this.pieces.push(chunk);
    this.pendingBytes += chunk.length;
    for (;;) {
      if (this.awaitingBytes) {
        const { id, result, size } = this.awaitingBytes;
        if (this.pendingBytes < size) return;
        const pending = this.joined();
        this.keep(pending.subarray(size));
        this.awaitingBytes = null;
        this.settle(id, { result, payload: pending.subarray(0, size) });
        continue;
      }
      const pending = this.joined();
      const end = pending.indexOf(0x0a);
      if (end < 0) return;
      const line = pending.subarray(0, end).toString('utf8');
      this.keep(pending.subarray(end + 1));
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return this.close(new Error(`${this.what} sent something that is not JSON: ${line.slice(0, 200)}`));
      }
      this.dispatch(message);
    }
  }

  /** The pieces not read yet, as one buffer. */
  private joined(): Buffer {
    if (this.pieces.length !== 1) this.pieces = [Buffer.concat(this.pieces, this.pendingBytes)];
    return this.pieces[0]!;
  }

  /** What is left to read after a line or a payload (copied: it must not hold a screenshot's memory). */
  private keep(rest: Buffer): void {
    this.pieces = rest.length > 0 ? [Buffer.from(rest)] : [];
    this.pendingBytes = rest.length;
  }

  private dispatch(message: Record<string, unknown>): void {
    if (typeof message.event === 'string') {
      this.handlers.onEvent?.(message);
      return;
    }
    const id = message.id as number;
    if (typeof message.error === 'string') {
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      waiter?.reject(new Error(`${this.what}: ${message.error}`));
      return;
    }
    const result = message.result as { bytes?: unknown } | undefined;
    if (result && typeof result.bytes === 'number') this.awaitingBytes = { id, result, size: result.bytes };
    else this.settle(id, { result, payload: null });
  }

  private settle(id: number, answer: LinkAnswer<unknown>): void {
    const waiter = this.waiting.get(id);
    this.waiting.delete(id);
    waiter?.resolve(answer);
  }
}
