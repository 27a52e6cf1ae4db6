import { describe, expect, it, vi } from 'vitest';
import {
  ContextError,
  appletFromContext,
  changeContextSet,
  diffContext,
  mergeContextSet,
  replaceContext,
} from '../../src/core/context/context-sets';
import { formatContextForResume } from '../../src/core/context/format-context';

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
    expect(first.context).toEqual({ files: ['/spec.md'] });
    expect(first.diff).toEqual({ added: { files: ['/spec.md'] }, removed: {} });
    const merged = changeContextSet(first.context, 'files', ['/notes.md', '/spec.md'], 'merge');
    expect(merged.context.files).toEqual(['/spec.md', '/notes.md']);
    expect(merged.diff).toEqual({ added: { files: ['/notes.md'] }, removed: {} });
    const replaced = changeContextSet(merged.context, 'files', ['/other.md'], 'replace');
    expect(replaced.diff).toEqual({ added: { files: ['/other.md'] }, removed: { files: ['/spec.md', '/notes.md'] } });
  });

  it('an empty replace removes the set', () => {
    const change = changeContextSet({ files: ['/a'], ports: ['3000'] }, 'files', [], 'replace');
    expect(change.context).toEqual({ ports: ['3000'] });
    expect(change.diff.removed).toEqual({ files: ['/a'] });
  });

  it('allows 10 items in a set and refuses the 11th with a clear error, also through merge', () => {
    const full = changeContextSet({}, 'files', tenFiles, 'replace');
    expect(full.context.files).toHaveLength(10);
    expect(() => changeContextSet(full.context, 'files', ['/work/eleven.md'], 'merge')).toThrow(ContextError);
    expect(() => changeContextSet(full.context, 'files', ['/work/eleven.md'], 'merge')).toThrow(
      /"files" would hold 11 items; a set holds at most 10/,
    );
    // Merging items that are already there keeps the set at 10 and is fine.
    expect(changeContextSet(full.context, 'files', [tenFiles[3]!], 'merge').context.files).toHaveLength(10);
  });

  it('allows 50 items in all and refuses the 51st', () => {
    let context = {};
    for (const name of ['files', 'tickets', 'endpoints', 'ports', 'notes']) {
      const items =
        name === 'files' ? tenFiles
        : name === 'endpoints' ? tenFiles.map((_, i) => `http://localhost:${3000 + i}/api`)
        : name === 'ports' ? tenFiles.map((_, i) => String(8000 + i))
        : tenFiles.map((_, i) => `${name}-${i}`);
      context = changeContextSet(context, name, items, 'replace').context;
    }
    expect(Object.values(context).flat()).toHaveLength(50);
    expect(() => changeContextSet(context, 'extra', ['one more'], 'replace')).toThrow(
      /would hold 51 items; at most 50 in all/,
    );
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
    expect(ok.context.ports).toEqual(['1', '65535']);
    expect(changeContextSet({}, 'endpoints', ['https://api.example.com/v1'], 'replace').context.endpoints).toHaveLength(1);
    expect(changeContextSet({}, 'files', ['C:\\work\\spec.md'], 'replace').context.files).toHaveLength(1);
  });

  it('flags unknown set names (likely typos) but keeps them', () => {
    const change = changeContextSet({}, 'fles', ['/a.md'], 'replace');
    expect(change.unknownSetNames).toEqual(['fles']);
    expect(change.context).toEqual({ fles: ['/a.md'] });
    expect(changeContextSet({}, 'tickets', ['PAY-1'], 'replace').unknownSetNames).toEqual([]);
  });

  it('replaceContext replaces every set, drops empty ones and checks every item', () => {
    const change = replaceContext({ files: ['/a'] }, { tickets: ['T-1'], ports: [], files: ['/b'] });
    expect(change.context).toEqual({ tickets: ['T-1'], files: ['/b'] });
    expect(change.diff).toEqual({ added: { tickets: ['T-1'], files: ['/b'] }, removed: { files: ['/a'] } });
    expect(() => replaceContext({}, { files: ['nope'] })).toThrow(/absolute path/);
  });

  it('reads the applet set as slug and params', () => {
    expect(appletFromContext({ applet: ['git-diff', 'path=/repo', 'mode=a=b'] })).toEqual({
      slug: 'git-diff',
      params: { path: '/repo', mode: 'a=b' },
    });
    expect(appletFromContext({})).toBeNull();
  });

  it('diffContext sees sets that appear and disappear', () => {
    expect(diffContext({ a: ['1'] }, { b: ['2'] })).toEqual({ added: { b: ['2'] }, removed: { a: ['1'] } });
  });
});

describe('formatContextForResume', () => {
  it('lists existing files, counts the missing ones, shows the applet and the other sets', () => {
    const exists = vi.fn((path: string) => path !== '/gone.md');
    const text = formatContextForResume(
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
    expect(formatContextForResume({ files: ['/a', '/b'] }, () => false)).toBe('Session context:\nRelevant files:\n(2 files not found)');
    expect(formatContextForResume({}, () => true)).toBe('');
  });
});
