import { afterEach, describe, expect, it } from 'vitest';
import { X11TreeReader } from '../../src/core/observe/sources/x11-tree-reader';

describe('X11TreeReader', () => {
  const display = process.env.DISPLAY;
  let reader: X11TreeReader;

  afterEach(async () => {
    await reader.close();
    if (display === undefined) delete process.env.DISPLAY;
    else process.env.DISPLAY = display;
  });

  it("rejects with xwininfo's reason when it fails, never with an empty tree, and reads again after", async () => {
    // A display that does not exist: xwininfo exits with an error.
    process.env.DISPLAY = ':9999';
    reader = new X11TreeReader();
    await expect(reader.read()).rejects.toThrow(/xwininfo -root -tree failed \(status 1\): [\s\S]*unable to open display/i);
    // The shell stays: one read after another, each answered on its own.
    await expect(reader.read()).rejects.toThrow(/status 1/);
  });
});
