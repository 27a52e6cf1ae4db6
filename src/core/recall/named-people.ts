import type nlpType from 'compromise';
import { lazyModule } from '../util/lazy-module';

const nlp = lazyModule<typeof nlpType>('compromise');

const GREETING = /^(hello|hi|hey|dear|thanks|thank|from|to|cc|regards|best)\b/i;

/**
 * People a line names without a label ("IT Services 240,000 … Raj Patel", "Maria asked about it"):
 * compromise's person names of two capitalised words. Read only when a question needs it, on the few
 * lines retrieval found (compromise holds ~40 MiB: never on the capture path).
 */
export function peopleNamedIn(line: string): string[] {
  if (!/\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+/u.test(line)) return [];
  // The same lines come back question after question (a chat's header, a record's fields): compromise reads each once.
  let names = readLines.get(line);
  if (!names) {
    if (readLines.size >= READ_LINES_KEPT) readLines.clear();
    readLines.set(line, (names = namesIn(line)));
  }
  return [...names];
}

/** Lines already read by `peopleNamedIn`, with the names read in them. */
const readLines = new Map<string, readonly string[]>();
const READ_LINES_KEPT = 5000;

function namesIn(line: string): string[] {
  const names = new Set<string>();
  for (const name of nlp()(line).people().out('array') as string[]) {
    const clean = name.replace(/[^\p{L}\s'-]/gu, '').trim();
    // compromise sometimes reads only the surname of "Raj Patel": the capitalised word before it is the first name.
    const full = /\s/.test(clean) ? clean : new RegExp(`\\b(\\p{Lu}[\\p{Ll}'-]+)\\s+${clean}\\b`, 'u').exec(line)?.[0];
    // A name is two to three words: a longer run is a name beside a label ("Ana Kim Reviewers Jonas Weber").
    if (full && /^\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}[\p{Ll}'-]+){1,2}$/u.test(full) && !GREETING.test(full)) names.add(full);
  }
  return [...names];
}
