import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, PAGE_CACHE_KIB } from '../../src/core/store/database';

const tempDb = (): string => join(mkdtempSync(join(tmpdir(), 'shadow-cache-')), 'shadow.db');

describe('the page cache of a profile connection', () => {
  it('is bounded below the driver default of 16 MiB, on the writing connection and on read-only ones', () => {
    expect(PAGE_CACHE_KIB).toBeLessThan(16_000);
    const file = tempDb();
    const db = openDatabase(file);
    const reader = openDatabase(file, { readonly: true });
    try {
      // A negative cache_size is a size in KiB.
      expect(db.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
      expect(reader.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
    } finally {
      reader.close();
      db.close();
    }
  });
});
