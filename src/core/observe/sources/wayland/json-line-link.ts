import { connect, type Socket } from 'node:net';

/**
 * A connection to a helper that runs inside the compositor (the GNOME Shell extension, the KWin
 * script's bridge): one JSON object a line each way, requests answered by id, events pushed between
 * them. An answer whose result names `bytes: N` is followed by N raw bytes (a screenshot), handed
 * over as `payload`.
 */
export interface LinkAnswer<T> {
  readonly result: T;
  readonly payload: Buffer | null;
}

type Waiter = { resolve: (answer: LinkAnswer<unknown>) => void; reject: (error: Error) => void };

export class JsonLineLink {
  private readonly socket: Socket;
  private readonly waiting = new Map<number, Waiter>();
  private pending: Buffer = Buffer.alloc(0);
  /** An answer whose bytes are still arriving. */
  private awaitingBytes: { id: number; result: unknown; size: number } | null = null;
  private nextId = 1;
  private closedBy: Error | null = null;
  private readonly ready: Promise<void>;

  constructor(
    readonly path: string,
    private readonly what: string,
    private readonly handlers: { onEvent?: (message: Record<string, unknown>) => void; onClose?: (error: Error) => void } = {},
  ) {
    this.socket = connect(path);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.ready.catch(() => {});
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('error', (error) => this.close(new Error(`${what} (${path}) cannot be reached: ${error.message}`)));
    this.socket.on('close', () => this.close(new Error(`${what} closed the connection`)));
  }

  async request<T>(method: string, params: Record<string, unknown> = {}): Promise<LinkAnswer<T>> {
    if (this.closedBy) throw this.closedBy;
    await this.ready;
    const id = this.nextId++;
    const answer = new Promise<LinkAnswer<unknown>>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.socket.write(`${JSON.stringify({ id, method, params })}\n`);
    return (await answer) as LinkAnswer<T>;
  }

  get closed(): boolean {
    return this.closedBy !== null;
  }

  close(reason = new Error(`the connection to ${this.what} was closed`)): void {
    if (this.closedBy) return;
    this.closedBy = reason;
    this.socket.destroy();
    for (const waiter of this.waiting.values()) waiter.reject(reason);
    this.waiting.clear();
    this.handlers.onClose?.(reason);
  }

  private receive(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.awaitingBytes) {
        const { id, result, size } = this.awaitingBytes;
        if (this.pending.length < size) return;
        const payload = Buffer.from(this.pending.subarray(0, size));
        this.pending = this.pending.subarray(size);
        this.awaitingBytes = null;
        this.settle(id, { result, payload });
        continue;
      }
      const end = this.pending.indexOf(0x0a);
      if (end < 0) return;
      const line = this.pending.subarray(0, end).toString('utf8');
      this.pending = this.pending.subarray(end + 1);
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return this.close(new Error(`${this.what} sent something that is not JSON: ${line.slice(0, 200)}`));
      }
      this.dispatch(message);
    }
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
