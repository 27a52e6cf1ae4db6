import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GcFunction = (options: { type: 'minor' }) => void;

/**
 * V8's `gc()`: the one exposed by `--expose-gc`, else reached the way jest-leak-detector does, in a
 * fresh context with the flag set only for that moment, so no global `gc` appears anywhere else.
 * Electron leaves V8's flags unfrozen for Node, so this works there too; null where it does not.
 */
function loadGc(): GcFunction | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as GcFunction;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? (gc as GcFunction) : null;
  } catch {
    return null;
  }
}

let gc: GcFunction | null | undefined;

/**
 * Collects V8's young generation now (a scavenge: ~0.5 ms, only objects allocated since the last one
 * are visited). A screenshot's pixels are native memory (~4 MB a 1280x800 grab, twice over in
 * node-screenshots) that V8 frees only when a collection finds their handles dead; left to itself,
 * it counts that memory against the heap's limit and runs a full mark-compact of the whole engine
 * every second or third screenshot, which cost more CPU than the grab. Call it once the pixels are
 * unreachable; a no-op where the runtime does not allow it.
 */
export function collectYoungGeneration(): void {
  if (gc === undefined) gc = loadGc();
  gc?.({ type: 'minor' });
}
