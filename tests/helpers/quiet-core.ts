import type { Clock } from '../../src/core/clock';
import { resolveProfilePaths } from '../../src/core/config/paths';
import type { Settings } from '../../src/core/config/settings';
import type { CaptureSource } from '../../src/core/observe/sources/capture-source';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';

/** A source that never shows anything: for tests of the store-side services, where nothing is captured. */
export const quietSource: CaptureSource = {
  kind: 'replay',
  activeWindow: async () => null,
  idleSeconds: async () => 0,
  captureScreen: async () => Buffer.alloc(0),
};

/** A core on the default profile of `home` that observes nothing, with OCR off and no LLM configured. */
export function openQuietCore(home: string, options: { clock?: Clock; settings?: Partial<Settings> } = {}): ShadowCore {
  return createShadowCore({
    paths: resolveProfilePaths({ SHADOW_HOME: home }),
    source: quietSource,
    clock: options.clock,
    settings: { ocrEnabled: false, ...options.settings },
    env: {},
  });
}
