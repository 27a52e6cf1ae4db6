import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait';
import { collectYoungGeneration } from '../../src/core/util/young-generation-gc';

const PIXELS = 1280 * 800 * 4;

/** A screenshot-sized buffer that nothing references once this returns. */
function dropPixels(): void {
  expect(Buffer.alloc(PIXELS, 7)[0]).toBe(7);
}

describe('collectYoungGeneration', () => {
  it('gives back the memory of pixels just dropped, leaving no global gc behind', async () => {
    const before = process.memoryUsage().arrayBuffers;
    dropPixels();
    expect(process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(before + PIXELS);
    collectYoungGeneration();
    // The collection frees dead buffers' memory right after it (V8 may finish that on a helper thread).
    await waitFor(() => process.memoryUsage().arrayBuffers, {
      what: 'the pixels freed',
      until: (now) => now < before + PIXELS / 4,
      timeoutMs: 1000,
    });
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
