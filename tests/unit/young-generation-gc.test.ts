import { PerformanceObserver, constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectYoungGeneration } from '../../src/core/util/young-generation-gc';

/** A screenshot-sized buffer that nothing references once this returns; `registry` hears when V8 collects it. */
function dropPixels(registry: FinalizationRegistry<string>): void {
  const pixels = Buffer.alloc(1280 * 800 * 4, 7);
  registry.register(pixels, 'pixels');
  expect(pixels[0]).toBe(7);
}

describe('collectYoungGeneration', () => {
  it('frees pixels that were just dropped with a young-generation collection only, leaving no global gc', async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) kinds.push((entry.detail as { kind: number }).kind);
    });
    observer.observe({ entryTypes: ['gc'] });
    let collected = 0;
    const registry = new FinalizationRegistry<string>(() => collected++);
    dropPixels(registry);
    collectYoungGeneration();
    // Finalization callbacks run as a task after the collection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(collected).toBe(1);
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
    expect(kinds).not.toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
