import {
  CONTEXT_SET_MAX_ITEMS,
  CONTEXT_TOTAL_MAX_ITEMS,
  KNOWN_CONTEXT_SETS,
  contextSetNameSchema,
  type ContextSetMode,
  type ContextSets,
} from '../../shared/contract/session-context-sets';
import { isAbsolutePath } from '../../shared/absolute-path';
import { hasUnsafeCharacters } from '../../shared/safe-text';

/** A context change that breaks a rule; the message says what to do instead. */
export class ContextSetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContextSetError';
  }
}

export const APPLET_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

const knownNames: ReadonlySet<string> = new Set(KNOWN_CONTEXT_SETS);

export const isKnownSetName = (name: string): boolean => knownNames.has(name);

/** Removes duplicates, keeping the first occurrence of each item. */
export function uniqueInOrder(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/**
 * The new items of one set: `replace` takes the given items, `merge` appends the ones not already
 * there (ordered union). Limits are checked by `changeContextSet`, not silently cut here.
 */
export function mergeContextSet(existing: readonly string[], items: readonly string[], mode: ContextSetMode): string[] {
  return mode === 'replace' ? uniqueInOrder(items) : uniqueInOrder([...existing, ...items]);
}

export const totalItems = (sets: ContextSets): number => Object.values(sets).reduce((sum, items) => sum + items.length, 0);

function isUrl(item: string): boolean {
  try {
    const url = new URL(item);
    return url.host.length > 0;
  } catch {
    return false;
  }
}

/** Why an item is not valid in this set, or null when it is. */
function itemProblem(setName: string, item: string, index: number): string | null {
  if (item.trim() !== item || item.length === 0) return `item ${index + 1} is empty or has spaces around it`;
  if (hasUnsafeCharacters(item)) return `item ${index + 1} contains a control character or another invisible one`;
  switch (setName) {
    case 'files':
      return isAbsolutePath(item) ? null : `"${item}" is not an absolute path (files holds paths such as /home/me/spec.md)`;
    case 'endpoints':
      return isUrl(item) ? null : `"${item}" is not a URL (endpoints holds URLs such as http://localhost:3000/api)`;
    case 'ports': {
      const port = /^\d{1,5}$/.test(item) ? Number(item) : NaN;
      return port >= 1 && port <= 65535 ? null : `"${item}" is not a port (a whole number from 1 to 65535, as text)`;
    }
    case 'applet':
      if (index === 0) {
        return APPLET_SLUG_PATTERN.test(item)
          ? null
          : `"${item}" is not an applet slug (lowercase letters, digits and "-"), which must come first`;
      }
      return /^[^=\s]+=/.test(item) ? null : `"${item}" is not a parameter: applet items after the slug are "key=value"`;
    default:
      return null;
  }
}

/** Checks a set name and its items; throws a ContextSetError naming the first problem. */
export function validateContextSet(setName: string, items: readonly string[]): void {
  const name = contextSetNameSchema.safeParse(setName);
  if (!name.success) throw new ContextSetError(`Invalid context set name "${setName}": ${name.error.issues[0]?.message}.`);
  for (const [index, item] of items.entries()) {
    const problem = itemProblem(setName, item, index);
    if (problem) throw new ContextSetError(`Invalid item in context set "${setName}": ${problem}.`);
  }
}

function checkLimits(sets: ContextSets): void {
  for (const [name, items] of Object.entries(sets)) {
    if (items.length > CONTEXT_SET_MAX_ITEMS) {
      throw new ContextSetError(
        `Context set "${name}" would hold ${items.length} items; a set holds at most ${CONTEXT_SET_MAX_ITEMS}. Remove some items or replace the set.`,
      );
    }
  }
  const total = totalItems(sets);
  if (total > CONTEXT_TOTAL_MAX_ITEMS) {
    throw new ContextSetError(
      `The session's context sets would hold ${total} items; at most ${CONTEXT_TOTAL_MAX_ITEMS} in all. Remove some items first.`,
    );
  }
}

export interface ContextSetsDiff {
  readonly added: Record<string, string[]>;
  readonly removed: Record<string, string[]>;
}

export interface ContextSetsChange {
  readonly sets: ContextSets;
  readonly diff: ContextSetsDiff;
  /** Set names touched that are not known ones (likely typos such as "fles"). */
  readonly unknownSetNames: string[];
}

/** What was added to and removed from each set between two contexts. */
export function diffContextSets(before: ContextSets, after: ContextSets): ContextSetsDiff {
  const added: Record<string, string[]> = {};
  const removed: Record<string, string[]> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = new Set(before[name] ?? []);
    const now = new Set(after[name] ?? []);
    const plus = [...now].filter((item) => !old.has(item));
    const minus = [...old].filter((item) => !now.has(item));
    if (plus.length) added[name] = plus;
    if (minus.length) removed[name] = minus;
  }
  return { added, removed };
}

export const isEmptyDiff = (diff: ContextSetsDiff): boolean =>
  Object.keys(diff.added).length === 0 && Object.keys(diff.removed).length === 0;

/** Replaces or merges one set; an empty replace removes the set. Throws a ContextSetError past a limit. */
export function changeContextSet(sets: ContextSets, setName: string, items: readonly string[], mode: ContextSetMode): ContextSetsChange {
  validateContextSet(setName, items);
  const next: ContextSets = { ...sets };
  const merged = mergeContextSet(sets[setName] ?? [], items, mode);
  if (merged.length === 0) delete next[setName];
  else next[setName] = merged;
  checkLimits(next);
  return {
    sets: next,
    diff: diffContextSets(sets, next),
    unknownSetNames: isKnownSetName(setName) ? [] : [setName],
  };
}

/** Replaces the whole context (PATCH `context`); empty sets are dropped. */
export function replaceContextSets(sets: ContextSets, replacement: ContextSets): ContextSetsChange {
  const next: ContextSets = {};
  for (const [name, items] of Object.entries(replacement)) {
    validateContextSet(name, items);
    const unique = uniqueInOrder(items);
    if (unique.length) next[name] = unique;
  }
  checkLimits(next);
  return {
    sets: next,
    diff: diffContextSets(sets, next),
    unknownSetNames: Object.keys(next).filter((name) => !isKnownSetName(name)),
  };
}

/** Reads the `applet` set as a slug and its `key=value` params. */
export function appletFromContextSets(sets: ContextSets): { slug: string; params: Record<string, string> } | null {
  const [slug, ...rest] = sets.applet ?? [];
  if (!slug) return null;
  const params: Record<string, string> = {};
  for (const item of rest) {
    const at = item.indexOf('=');
    if (at > 0) params[item.slice(0, at)] = item.slice(at + 1);
  }
  return { slug, params };
}

/** The `applet` set items for a slug and params. */
export function appletContextSetItems(slug: string, params: Record<string, string> = {}): string[] {
  return [slug, ...Object.entries(params).map(([key, value]) => `${key}=${value}`)];
}
