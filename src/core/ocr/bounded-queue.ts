/** A FIFO that holds at most `capacity` items: pushing onto a full queue drops the oldest. */
export class BoundedQueue<T> {
  private readonly items: T[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`queue capacity must be a positive integer, got ${capacity}`);
  }

  /** Adds an item; returns the item dropped to make room, if any. */
  push(item: T): T | undefined {
    this.items.push(item);
    return this.items.length > this.capacity ? this.items.shift() : undefined;
  }

  shift(): T | undefined {
    return this.items.shift();
  }

  /** Empties the queue and returns what it held. */
  clear(): T[] {
    return this.items.splice(0);
  }

  get length(): number {
    return this.items.length;
  }
}
