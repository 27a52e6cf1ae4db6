import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../src/core/ocr/screen-query';
import { migrate } from '../../src/core/store/database';
import { migrations } from '../../src/core/store/migrations/index';
import { ScreenTextRepository } from '../../src/core/store/repositories/screen-text-repository';

describe('toFtsQuery', () => {
  it('quotes each word and ANDs them', () => {
    expect(toFtsQuery('invoice 4471')).toBe('"invoice" AND "4471"');
  });

  it('keeps a quoted phrase as one phrase and a trailing * as a prefix search', () => {
    expect(toFtsQuery('"acme supplies" invo*')).toBe('"acme supplies" AND "invo"*');
  });

  it('turns FTS5 operators and punctuation into plain text', () => {
    expect(toFtsQuery('NOT NEAR(a b) title:x -y')).toBe('"NOT" AND "NEAR(a" AND "b)" AND "title:x" AND "-y"');
    expect(toFtsQuery('say "hi')).toBe('"say" AND "hi"');
    // a quote inside a word is escaped, not a phrase boundary
    expect(toFtsQuery('a"b')).toBe('"a""b"');
  });

  it('returns null when nothing searchable is left', () => {
    expect(toFtsQuery('   ')).toBeNull();
    expect(toFtsQuery('* - "" ()')).toBeNull();
  });

  it('never produces an expression SQLite rejects, whatever the user types', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    const repo = new ScreenTextRepository(db);
    repo.insert({ atMs: 1, app: 'Ledger', title: 'Q3', text: 'AND OR NOT "quoted" (x) a:b c* ^start' });
    const nasty = [
      '"',
      '""',
      'AND',
      'OR OR',
      'NEAR(',
      'a AND',
      '(x',
      'x)',
      'a:b',
      '^start',
      '*',
      'c*',
      '-',
      '+1',
      '\\',
      "'; DROP TABLE screen_text; --",
      'é',
      '日本語',
      '{x}',
      'a NOT',
    ];
    for (const input of nasty) {
      const match = toFtsQuery(input);
      if (match === null) continue;
      expect(() => repo.search({ match, limit: 5 }), input).not.toThrow();
    }
    expect(repo.search({ match: toFtsQuery('a:b')!, limit: 5 })).toHaveLength(1);
    expect(repo.search({ match: toFtsQuery('(x)')!, limit: 5 })).toHaveLength(1);
    db.close();
  });
});
