import type { ContextSets } from '../../shared/contract/session-context-sets';
import { appletFromContextSets } from './context-sets';

/** Splits the `files` set into files that still exist and those that do not. */
export function partitionFiles(sets: ContextSets, fileExists: (path: string) => boolean): { existing: string[]; missing: string[] } {
  const existing: string[] = [];
  const missing: string[] = [];
  for (const file of sets.files ?? []) (fileExists(file) ? existing : missing).push(file);
  return { existing, missing };
}

const filesNotFound = (n: number): string => `(${n} ${n === 1 ? 'file' : 'files'} not found)`;

const titleOf = (setName: string): string => {
  if (setName === 'tickets') return 'Tickets';
  if (setName === 'endpoints') return 'Endpoints';
  if (setName === 'ports') return 'Ports';
  return setName;
};

/**
 * The context-set part of the resume block: the relevant files that still exist, a count of
 * those that do not, the last applet with its params, then every other set. Empty when there is none.
 * Pure: `fileExists` is the only contact with the disk.
 */
export function formatContextSetsForResume(sets: ContextSets, fileExists: (path: string) => boolean): string {
  const parts: string[] = [];
  const { existing, missing } = partitionFiles(sets, fileExists);
  if (existing.length || missing.length) {
    const lines = ['Relevant files:', ...existing.map((file) => `- ${file}`)];
    if (missing.length) lines.push(filesNotFound(missing.length));
    parts.push(lines.join('\n'));
  }
  const applet = appletFromContextSets(sets);
  if (applet) {
    const params = Object.entries(applet.params).map(([key, value]) => `${key}=${value}`);
    parts.push(`Last applet: ${applet.slug}${params.length ? ` (${params.join(', ')})` : ''}`);
  }
  for (const [name, items] of Object.entries(sets)) {
    if (name === 'files' || name === 'applet' || items.length === 0) continue;
    parts.push(`${titleOf(name)}: ${items.join(', ')}`);
  }
  return parts.length ? `Session context:\n${parts.join('\n\n')}` : '';
}
