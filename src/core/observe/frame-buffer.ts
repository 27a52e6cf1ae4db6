/** Fixed-capacity FIFO: the newest item pushes out the oldest. */
export class FifoBuffer<T> {
  private readonly items: T[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`FIFO capacity must be a positive integer, got ${capacity}`);
  }

  push(item: T): T | undefined {
    this.items.push(item);
    return this.items.length > this.capacity ? this.items.shift() : undefined;
  }

  /** Oldest first. */
  toArray(): readonly T[] {
    return [...this.items];
  }

  last(): T | undefined {
    return this.items.at(-1);
  }

  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.items.length = 0;
  }
}
