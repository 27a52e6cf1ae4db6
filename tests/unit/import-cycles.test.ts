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
 * There is no list of tolerated cycles: the helpers that closed the last ones moved to where they belong
 * (clipAtWord to src/shared, the Span and work-item record types to store/, the replay reset beside
 * shadow-core, the GNOME extension's and KWin helper's identity to observe/sources/wayland).
 */

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
  it('reads the imports of every source file (the check sees what it claims to)', () => {
    expect(files.size).toBeGreaterThan(300);
    expect(files.get('src/core/shadow-core.ts')).toContain('src/core/store/database.ts');
    // Type-only imports and re-exports count too.
    expect(files.get('src/core/privacy/redactor.ts')).toContain('src/core/config/redaction-settings.ts');
    expect(files.get('src/shared/contract/index.ts')?.size).toBeGreaterThan(3);
  });

  it('finds a cycle when one is there (a file importing back, and a folder importing back)', () => {
    const withBack = new Map([...files].map(([file, targets]) => [file, new Set(targets)]));
    withBack.get('src/core/store/database.ts')!.add('src/core/shadow-core.ts');
    withBack.get('src/core/store/repositories/activity-repository.ts')!.add('src/core/observe/span-tracker.ts');
    expect(cycles(withBack).some((group) => group.includes('src/core/shadow-core.ts'))).toBe(true);
    expect(cycles(folderGraph(withBack).graph).some((group) => group.includes('observe') && group.includes('store'))).toBe(true);
  });

  it('finds no cycle between two files of src', () => {
    const found = cycles(files);
    expect(explain(found, (from, to) => [`${from} → ${to}`], files)).toEqual([]);
  });

  it('finds no cycle between the folders of src/core', () => {
    const { graph, why } = folderGraph(files);
    const found = cycles(graph);
    expect(explain(found, (from, to) => why.get(`${from}→${to}`) ?? [], graph)).toEqual([]);
  });
});
