import { connect, type Socket } from 'node:net';

/**
 * The i3 IPC protocol that sway speaks on `$SWAYSOCK`: each message is `i3-ipc`, the payload's
 * length and its type (32-bit, native byte order), then JSON. Replies come in the order of the
 * requests; events (the type's high bit set) come in between once the connection subscribed.
 * Written here because it is this small: no kept npm library speaks it without pulling in more.
 */
export const IPC_MESSAGE = { runCommand: 0, getWorkspaces: 1, subscribe: 2, getOutputs: 3, getTree: 4, getVersion: 7 } as const;
const MAGIC = Buffer.from('i3-ipc');
const HEADER = MAGIC.length + 8;
const EVENT_BIT = 0x80000000;
/** The events of the i3 protocol sway sends, by their number (the type without the high bit). */
export const IPC_EVENTS: Readonly<Record<number, string>> = { 0: 'workspace', 1: 'output', 3: 'window', 6: 'shutdown' };

/** One message as it goes on the wire. */
export function encodeIpcMessage(type: number, payload = ''): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header, 0);
  header.writeUInt32LE(body.length, MAGIC.length);
  header.writeUInt32LE(type, MAGIC.length + 4);
  return Buffer.concat([header, body]);
}

export interface IpcMessage {
  readonly type: number;
  readonly event: boolean;
  readonly payload: string;
}

/** Splits a byte stream into messages; keeps a partial one until the rest arrives. */
export class IpcDecoder {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): IpcMessage[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: IpcMessage[] = [];
    while (this.pending.length >= HEADER) {
      if (!this.pending.subarray(0, MAGIC.length).equals(MAGIC))
        throw new Error('the sway IPC socket sent something that is not an i3-ipc message');
      const length = this.pending.readUInt32LE(MAGIC.length);
      if (this.pending.length < HEADER + length) break;
      const type = this.pending.readUInt32LE(MAGIC.length + 4);
      messages.push({
        type: type & ~EVENT_BIT,
        event: (type & EVENT_BIT) !== 0,
        payload: this.pending.subarray(HEADER, HEADER + length).toString('utf8'),
      });
      this.pending = this.pending.subarray(HEADER + length);
    }
    return messages;
  }
}

/**
 * One long-lived connection to sway's IPC socket: requests answered in order, events handed to
 * `onEvent`. `onClose` hears when sway went away (or the socket failed), once.
 */
export class I3IpcConnection {
  private readonly socket: Socket;
  private readonly decoder = new IpcDecoder();
  private readonly waiting: { resolve: (payload: string) => void; reject: (error: Error) => void }[] = [];
  private closedBy: Error | null = null;
  private readonly ready: Promise<void>;

  constructor(
    readonly path: string,
    private readonly handlers: { onEvent?: (event: string, payload: unknown) => void; onClose?: (error: Error) => void } = {},
  ) {
    this.socket = connect(path);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    // A failed connection is reported by the requests that wait for it; never as an unhandled rejection.
    this.ready.catch(() => {});
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('error', (error) => this.close(new Error(`sway's IPC socket ${path} failed: ${error.message}`)));
    this.socket.on('close', () => this.close(new Error(`sway closed its IPC socket ${path}`)));
  }

  /** Sends a message and resolves with the reply's JSON. */
  async request<T>(type: number, payload = ''): Promise<T> {
    if (this.closedBy) throw this.closedBy;
    await this.ready;
    const reply = new Promise<string>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.socket.write(encodeIpcMessage(type, payload));
    return JSON.parse(await reply) as T;
  }

  /** Subscribes to events by name (`window`, `workspace`…); they then go to `onEvent`. */
  async subscribe(events: readonly string[]): Promise<void> {
    const reply = await this.request<{ success: boolean }>(IPC_MESSAGE.subscribe, JSON.stringify(events));
    if (!reply.success) throw new Error(`sway refused the subscription to ${events.join(', ')}`);
  }

  get closed(): boolean {
    return this.closedBy !== null;
  }

  close(reason = new Error('the sway IPC connection was closed')): void {
    if (this.closedBy) return;
    this.closedBy = reason;
    this.socket.destroy();
    for (const waiter of this.waiting.splice(0)) waiter.reject(reason);
    this.handlers.onClose?.(reason);
  }

  private receive(chunk: Buffer): void {
    let messages: IpcMessage[];
    try {
      messages = this.decoder.push(chunk);
    } catch (error) {
      this.close(error as Error);
      return;
    }
    for (const message of messages) {
      if (message.event) {
        const name = IPC_EVENTS[message.type];
        if (name) this.handlers.onEvent?.(name, JSON.parse(message.payload));
      } else this.waiting.shift()?.resolve(message.payload);
    }
  }
}
