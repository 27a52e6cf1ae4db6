import { describe, expect, it, vi } from 'vitest';
import {
  ContextSetError,
  appletFromContextSets,
  changeContextSet,
  diffContextSets,
  mergeContextSet,
  replaceContextSets,
} from '../../src/core/context-sets/context-sets';
import { formatContextSetsForResume } from '../../src/core/context-sets/format-context-sets';

const tenFiles = Array.from({ length: 10 }, (_, i) => `/work/f${i}.md`);

describe('mergeContextSet', () => {
  it('replace takes the new items, without duplicates, in order', () => {
    expect(mergeContextSet(['/a', '/b'], ['/c', '/c', '/d'], 'replace')).toEqual(['/c', '/d']);
  });

  it('merge is the ordered union: existing first, new ones appended once', () => {
    expect(mergeContextSet(['/a', '/b'], ['/b', '/c', '/a', '/d'], 'merge')).toEqual(['/a', '/b', '/c', '/d']);
  });
});

describe('changeContextSet', () => {
  it('replaces and merges a set and reports what was added and removed', () => {
    const first = changeContextSet({}, 'files', ['/spec.md'], 'replace');
    expect(first.sets).toEqual({ files: ['/spec.md'] });
    expect(first.diff).toEqual({ added: { files: ['/spec.md'] }, removed: {} });
    const merged = changeContextSet(first.sets, 'files', ['/notes.md', '/spec.md'], 'merge');
    expect(merged.sets.files).toEqual(['/spec.md', '/notes.md']);
    expect(merged.diff).toEqual({ added: { files: ['/notes.md'] }, removed: {} });
    const replaced = changeContextSet(merged.sets, 'files', ['/other.md'], 'replace');
    expect(replaced.diff).toEqual({ added: { files: ['/other.md'] }, removed: { files: ['/spec.md', '/notes.md'] } });
  });

  it('an empty replace removes the set', () => {
    const change = changeContextSet({ files: ['/a'], ports: ['3000'] }, 'files', [], 'replace');
    expect(change.sets).toEqual({ ports: ['3000'] });
    expect(change.diff.removed).toEqual({ files: ['/a'] });
  });

  it('allows 10 items in a set and refuses the 11th with a clear error, also through merge', () => {
    const full = changeContextSet({}, 'files', tenFiles, 'replace');
    expect(full.sets.files).toHaveLength(10);
    expect(() => changeContextSet(full.sets, 'files', ['/work/eleven.md'], 'merge')).toThrow(ContextSetError);
    expect(() => changeContextSet(full.sets, 'files', ['/work/eleven.md'], 'merge')).toThrow(
      /"files" would hold 11 items; a set holds at most 10/,
    );
    // Merging items that are already there keeps the set at 10 and is fine.
    expect(changeContextSet(full.sets, 'files', [tenFiles[3]!], 'merge').sets.files).toHaveLength(10);
  });

  it('allows 50 items in all and refuses the 51st', () => {
    let sets = {};
    for (const name of ['files', 'tickets', 'endpoints', 'ports', 'notes']) {
      const items =
        name === 'files'
          ? tenFiles
          : name === 'endpoints'
            ? tenFiles.map((_, i) => `http://localhost:${3000 + i}/api`)
            : name === 'ports'
              ? tenFiles.map((_, i) => String(8000 + i))
              : tenFiles.map((_, i) => `${name}-${i}`);
      sets = changeContextSet(sets, name, items, 'replace').sets;
    }
    expect(Object.values(sets).flat()).toHaveLength(50);
    expect(() => changeContextSet(sets, 'extra', ['one more'], 'replace')).toThrow(/would hold 51 items; at most 50 in all/);
  });

  it('validates item formats per set', () => {
    expect(() => changeContextSet({}, 'files', ['relative/spec.md'], 'replace')).toThrow(/not an absolute path/);
    expect(() => changeContextSet({}, 'endpoints', ['localhost:3000'], 'replace')).toThrow(/not a URL/);
    expect(() => changeContextSet({}, 'ports', ['0'], 'replace')).toThrow(/not a port/);
    expect(() => changeContextSet({}, 'ports', ['65536'], 'replace')).toThrow(/not a port/);
    expect(() => changeContextSet({}, 'ports', ['80a'], 'replace')).toThrow(/not a port/);
    expect(() => changeContextSet({}, 'applet', ['Git Diff'], 'replace')).toThrow(/not an applet slug/);
    expect(() => changeContextSet({}, 'applet', ['git-diff', 'path'], 'replace')).toThrow(/"key=value"/);
    expect(() => changeContextSet({}, 'tickets', [''], 'replace')).toThrow(/empty/);
    expect(() => changeContextSet({}, 'notes', ['a\u0000b'], 'replace')).toThrow(/control character/);
    expect(() => changeContextSet({}, 'bad name!', ['x'], 'replace')).toThrow(/Invalid context set name/);
    const ok = changeContextSet({}, 'ports', ['1', '65535'], 'replace');
    expect(ok.sets.ports).toEqual(['1', '65535']);
    expect(changeContextSet({}, 'endpoints', ['https://api.example.com/v1'], 'replace').sets.endpoints).toHaveLength(1);
    expect(changeContextSet({}, 'files', ['C:\\work\\spec.md'], 'replace').sets.files).toHaveLength(1);
  });

  it('flags unknown set names (likely typos) but keeps them', () => {
    const change = changeContextSet({}, 'fles', ['/a.md'], 'replace');
    expect(change.unknownSetNames).toEqual(['fles']);
    expect(change.sets).toEqual({ fles: ['/a.md'] });
    expect(changeContextSet({}, 'tickets', ['PAY-1'], 'replace').unknownSetNames).toEqual([]);
  });

  it('replaceContextSets replaces every set, drops empty ones and checks every item', () => {
    const change = replaceContextSets({ files: ['/a'] }, { tickets: ['T-1'], ports: [], files: ['/b'] });
    expect(change.sets).toEqual({ tickets: ['T-1'], files: ['/b'] });
    expect(change.diff).toEqual({ added: { tickets: ['T-1'], files: ['/b'] }, removed: { files: ['/a'] } });
    expect(() => replaceContextSets({}, { files: ['nope'] })).toThrow(/absolute path/);
  });

  it('reads the applet set as slug and params', () => {
    expect(appletFromContextSets({ applet: ['git-diff', 'path=/repo', 'mode=a=b'] })).toEqual({
      slug: 'git-diff',
      params: { path: '/repo', mode: 'a=b' },
    });
    expect(appletFromContextSets({})).toBeNull();
  });

  it('diffContextSets sees sets that appear and disappear', () => {
    expect(diffContextSets({ a: ['1'] }, { b: ['2'] })).toEqual({ added: { b: ['2'] }, removed: { a: ['1'] } });
  });
});

describe('formatContextSetsForResume', () => {
  it('lists existing files, counts the missing ones, shows the applet and the other sets', () => {
    const exists = vi.fn((path: string) => path !== '/gone.md');
    const text = formatContextSetsForResume(
      {
        files: ['/spec.md', '/gone.md'],
        applet: ['git-diff', 'path=/repo'],
        tickets: ['PAY-12'],
        endpoints: ['http://localhost:3000'],
      },
      exists,
    );
    expect(text).toBe(
      [
        'Session context:',
        'Relevant files:',
        '- /spec.md',
        '(1 file not found)',
        '',
        'Last applet: git-diff (path=/repo)',
        '',
        'Tickets: PAY-12',
        '',
        'Endpoints: http://localhost:3000',
      ].join('\n'),
    );
    expect(exists).toHaveBeenCalledTimes(2);
  });

  it('says how many files were not found when none exist, and is empty without context', () => {
    expect(formatContextSetsForResume({ files: ['/a', '/b'] }, () => false)).toBe('Session context:\nRelevant files:\n(2 files not found)');
    expect(formatContextSetsForResume({}, () => true)).toBe('');
  });
});
