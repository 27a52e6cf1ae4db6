/**
 * A first-in-first-out list of at most `capacity` items: pushing onto a full one drops the oldest.
 * The observer keeps its recent frames in one, the OCR service its waiting frames.
 */
export class BoundedFifo<T> {
  private readonly items: T[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`FIFO capacity must be a positive integer, got ${capacity}`);
  }

  /** Adds an item; returns the item dropped to make room, if any. */
  push(item: T): T | undefined {
    this.items.push(item);
    return this.items.length > this.capacity ? this.items.shift() : undefined;
  }

  /** Takes the oldest item out. */
  shift(): T | undefined {
    return this.items.shift();
  }

  /** The newest item. */
  last(): T | undefined {
    return this.items.at(-1);
  }

  /** Oldest first (a copy). */
  toArray(): readonly T[] {
    return [...this.items];
  }

  /** Empties it and returns what it held, oldest first. */
  clear(): T[] {
    return this.items.splice(0);
  }

  get size(): number {
    return this.items.length;
  }
}
