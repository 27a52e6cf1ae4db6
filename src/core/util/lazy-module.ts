import { createRequire } from 'node:module';

/**
 * A package loaded on first use instead of at start: the NLP libraries recall uses (compromise ~42 MiB,
 * chrono-node ~21 MiB resident) would otherwise sit in the engine's memory all day before anyone asks a
 * question.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= createRequire(import.meta.url)(name) as T);
}
