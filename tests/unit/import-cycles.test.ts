import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles (issue 29, point 4): between the folders of src/core (config, store, privacy…) and
 * between any two files of src. Every import counts, type-only ones included: a cycle of types is still
 * two modules that cannot be understood or moved apart. Imports are read with TypeScript's own
 * pre-processor, so `export … from`, `import type` and dynamic `import()` are all seen.
 *
 * A few imports that close a cycle are known and listed below, each with the move that removes it; they
 * sit in folders other work is changing now. The list only shrinks: a listed import that is gone fails
 * the test until it is struck from the list, and any other cycle fails it at once.
 */
const KNOWN_BACKWARD_IMPORTS: readonly (readonly [from: string, to: string, fix: string])[] = [
  [
    'src/core/observe/replay-reset.ts',
    'src/core/memory/memory-repositories.ts',
    'resetting a replayed window is a composition of every module: it belongs beside shadow-core, not in observe',
  ],
  ['src/core/observe/replay-reset.ts', 'src/core/privacy/create-privacy.ts', 'the same file: see above'],
  ['src/core/store/repositories/activity-repository.ts', 'src/core/observe/span-tracker.ts', 'the Span type belongs to store/'],
  ['src/core/recall/answers/lookup.ts', 'src/core/sessions/extractive.ts', 'cutAtWord belongs to core/util'],
  ['src/core/observe/frame-capture.ts', 'src/core/observe/observer.ts', 'ObserverPrivacy belongs to observer-deps.ts'],
  [
    'src/core/store/repositories/work-item-repository.ts',
    'src/core/understanding/work-item.ts',
    'the work-item record types the repository stores belong to store/ (understanding reads and writes them)',
  ],
  [
    'src/core/observe/sources/wayland/gnome-parts.ts',
    'src/core/desktop-setup/gnome-extension.ts',
    "the extension's identity (its uuid and where it is installed) belongs to observe/sources/wayland, which desktop-setup installs",
  ],
  [
    'src/core/observe/sources/wayland/kde-parts.ts',
    'src/core/desktop-setup/kde-screenshots.ts',
    'where the granted helper copy lives belongs to observe/sources/wayland, as above',
  ],
];

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');

function sourceFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => `src/${file.split('\\').join('/')}`);
}

/** The repository-relative file a relative specifier names, as TypeScript resolves it; null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(root, dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split('\\').join('/');
  }
  return null;
}

function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles.map((entry) => resolveImport(file, entry.fileName)).filter((target) => target !== null);
    graph.set(file, new Set(targets.filter((target) => /\.tsx?$/.test(target))));
  }
  return graph;
}

/** Strongly connected groups of more than one node (Tarjan): each is at least one cycle. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** The folder of src/core a file is in (`store` for src/core/store/repositories/x.ts); null outside one. */
function coreFolder(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'src' && parts[1] === 'core' && parts.length > 3 ? parts[2]! : null;
}

/** Folder → folder, with the imports that make each edge (to say which import closes a cycle). */
function folderGraph(files: ReadonlyMap<string, ReadonlySet<string>>): { graph: Map<string, Set<string>>; why: Map<string, string[]> } {
  const graph = new Map<string, Set<string>>();
  const why = new Map<string, string[]>();
  for (const [file, targets] of files) {
    const from = coreFolder(file);
    if (!from) continue;
    for (const target of targets) {
      const to = coreFolder(target);
      if (!to || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
      why.set(`${from}→${to}`, [...(why.get(`${from}→${to}`) ?? []), `${file} → ${target}`]);
    }
  }
  return { graph, why };
}

/** Each cycle with the imports that make its edges, so a failure says what to move. */
function explain(groups: string[][], edges: (from: string, to: string) => string[], graph: ReadonlyMap<string, ReadonlySet<string>>) {
  return groups.map((group) =>
    group.flatMap((from) => [...(graph.get(from) ?? [])].filter((to) => group.includes(to)).flatMap((to) => edges(from, to))),
  );
}

describe('import cycles', () => {
  const files = importGraph();
  const withoutKnown = new Map([...files].map(([file, targets]) => [file, new Set(targets)]));
  for (const [from, to] of KNOWN_BACKWARD_IMPORTS) withoutKnown.get(from)?.delete(to);

  it('reads the imports of every source file (the check sees what it claims to)', () => {
    expect(files.size).toBeGreaterThan(300);
    expect(files.get('src/core/shadow-core.ts')).toContain('src/core/store/database.ts');
    // Type-only imports and re-exports count too.
    expect(files.get('src/core/privacy/redactor.ts')).toContain('src/core/config/redaction-settings.ts');
    expect(files.get('src/shared/contract/index.ts')?.size).toBeGreaterThan(3);
  });

  it('finds no cycle between two files of src', () => {
    const found = cycles(withoutKnown);
    expect(explain(found, (from, to) => [`${from} → ${to}`], withoutKnown)).toEqual([]);
  });

  it('finds no cycle between the folders of src/core', () => {
    const { graph, why } = folderGraph(withoutKnown);
    const found = cycles(graph);
    expect(explain(found, (from, to) => why.get(`${from}→${to}`) ?? [], graph)).toEqual([]);
  });

  it('lists only known backward imports that still exist, and each closes a cycle', () => {
    for (const [from, to, fix] of KNOWN_BACKWARD_IMPORTS) {
      expect(files.get(from), `${from} is gone: strike it from the list`).toBeDefined();
      expect([...files.get(from)!], `${from} no longer imports ${to}: strike it from the list (${fix})`).toContain(to);
    }
    // Each one put back alone makes a cycle again: the list is no wider than it must be.
    for (const [from, to] of KNOWN_BACKWARD_IMPORTS) {
      const graph = new Map([...withoutKnown].map(([file, targets]) => [file, new Set(targets)]));
      graph.get(from)!.add(to);
      expect(cycles(graph).length + cycles(folderGraph(graph).graph).length, `${from} → ${to} closes no cycle`).toBeGreaterThan(0);
    }
  });
});
