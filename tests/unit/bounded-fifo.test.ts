import { describe, expect, it } from 'vitest';
import { BoundedFifo } from '../../src/core/util/bounded-fifo';

describe('BoundedFifo', () => {
  it('keeps the newest N, oldest first, and returns what it pushed out', () => {
    const fifo = new BoundedFifo<number>(3);
    expect([1, 2, 3].map((n) => fifo.push(n))).toEqual([undefined, undefined, undefined]);
    expect(fifo.push(4)).toBe(1);
    expect(fifo.push(5)).toBe(2);
    expect(fifo.toArray()).toEqual([3, 4, 5]);
    expect(fifo.last()).toBe(5);
    expect(fifo.size).toBe(3);
  });

  it('hands items out oldest first, and empties at once returning what it held', () => {
    const fifo = new BoundedFifo<string>(4);
    for (const s of ['a', 'b', 'c']) fifo.push(s);
    expect(fifo.shift()).toBe('a');
    expect(fifo.size).toBe(2);
    expect(fifo.clear()).toEqual(['b', 'c']);
    expect(fifo.size).toBe(0);
    expect(fifo.shift()).toBeUndefined();
    expect(fifo.last()).toBeUndefined();
  });

  it('gives a copy, so callers cannot change what it holds', () => {
    const fifo = new BoundedFifo<number>(2);
    fifo.push(1);
    (fifo.toArray() as number[]).push(99);
    expect(fifo.toArray()).toEqual([1]);
  });

  it('refuses a nonsensical capacity', () => {
    expect(() => new BoundedFifo(0)).toThrow(/positive integer/);
    expect(() => new BoundedFifo(2.5)).toThrow(/positive integer/);
  });
});
