import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait';

describe("waitFor, the tests' one way to wait", () => {
  it('resolves with the first value that is not undefined, null or false, sync or async', async () => {
    let calls = 0;
    const sequence = [undefined, null, false, 0] as const;
    await expect(waitFor(() => sequence[calls++], { what: 'a zero', intervalMs: 1 })).resolves.toBe(0);
    expect(calls).toBe(4);

    let polls = 0;
    const window = await waitFor(async () => (++polls < 3 ? undefined : { id: '0x1e00007' }), { what: 'the window', intervalMs: 1 });
    expect(window).toEqual({ id: '0x1e00007' });
  });

  it('takes an `until` test for values that are there but not yet right', async () => {
    let queued = 3;
    const status = await waitFor(() => ({ queued: queued-- }), { what: 'an empty OCR queue', intervalMs: 1, until: (s) => s.queued === 0 });
    expect(status).toEqual({ queued: 0 });
  });

  it('on timeout names what it waited for and the last value it saw, with the details asked for', async () => {
    let frames = 0;
    const waiting = waitFor(() => ({ capture: { framesCaptured: ++frames } }), {
      what: 'a thousand captured frames',
      timeoutMs: 50,
      intervalMs: 5,
      until: (h) => h.capture.framesCaptured >= 1000,
      details: () => 'engine output: Replay finished',
    });
    const error = (await waiting.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^Timed out after 50 ms waiting for a thousand captured frames; last value: \{ capture: \{ framesCaptured: \d+ \} \}\nengine output: Replay finished$/,
    );
    // The condition ran at the deadline too, not only before it.
    expect(frames).toBeGreaterThan(2);
  });

  it('counts a throwing condition as not yet, and reports the last error', async () => {
    let attempt = 0;
    const error = (await waitFor(
      () => {
        attempt++;
        throw new Error(`GET /health answered 503 (attempt ${attempt})`);
      },
      { what: 'the API', timeoutMs: 30, intervalMs: 5 },
    ).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(`Timed out after 30 ms waiting for the API; last error: GET /health answered 503 (attempt ${attempt})`);
    expect((error.cause as Error).message).toContain('503');

    let failures = 0;
    await expect(
      waitFor(
        () => {
          if (failures++ < 2) throw new Error('not listening yet');
          return 'listening';
        },
        { what: 'the API', intervalMs: 1 },
      ),
    ).resolves.toBe('listening');
  });
});
