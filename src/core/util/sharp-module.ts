import type sharpModule from 'sharp';
import { lazyModule } from './lazy-module';

const loadSharp = lazyModule<typeof sharpModule>('sharp');
let configured = false;

/**
 * An image pipeline of sharp, whose libvips (~19 MiB resident) is loaded with the first image instead of
 * at start: an engine that takes no screenshots (no display, observation paused, a CLI command) never
 * maps it. Every frame is a new picture, so libvips' operation cache only holds memory; and one worker
 * thread is plenty for a frame every few seconds (each extra thread keeps its own malloc arena).
 */
export function sharp(input?: sharpModule.SharpInput, options?: sharpModule.SharpOptions): sharpModule.Sharp {
  const module = loadSharp();
  if (!configured) {
    module.cache(false);
    module.concurrency(1);
    configured = true;
  }
  return module(input, options);
}
