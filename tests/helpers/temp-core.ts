import { afterEach } from 'vitest';
import { createShadowCore, type CoreOptions, type ShadowCore } from '../../src/core/shadow-core';
import { createTempShadowHome, type TempShadowHome } from './temp-shadow-home';

/**
 * For a test file whose tests each open a core on a fresh profile: `open()` makes the profile and
 * the core (no LLM from the environment), and both are closed and removed after the test.
 */
export function useTempCore(): { open(options?: Omit<CoreOptions, 'paths'>): { core: ShadowCore; home: TempShadowHome } } {
  let opened: { core: ShadowCore; home: TempShadowHome } | undefined;
  afterEach(() => {
    opened?.core.close();
    opened?.home.remove();
    opened = undefined;
  });
  return {
    open(options = {}) {
      const home = createTempShadowHome();
      opened = { home, core: createShadowCore({ env: {}, ...options, paths: home.paths }) };
      return opened;
    },
  };
}
