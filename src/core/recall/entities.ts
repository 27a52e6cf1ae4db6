import type nlpType from 'compromise';
import { lazyModule } from '../util/lazy-module';

const nlp = lazyModule<typeof nlpType>('compromise');

/**
 * The things work is about, as they appear in window titles and screen text: document numbers
 * (invoices, bills, purchase orders), amounts, organizations, people, chat channels, mail addresses
 * and file names. Tasks are named by them and "which …" questions are answered with them.
 */
export type EntityKind = 'document' | 'amount' | 'organization' | 'person' | 'channel' | 'email' | 'file';

export interface Entity {
  readonly kind: EntityKind;
  /** As it reads on screen ("INV-4471", "Invoice 4471", "Acme Supplies", "#finance"). */
  readonly text: string;
  /** The same thing however it was written ("4471" for INV-4471 and Invoice 4471). */
  readonly key: string;
}

/** Words that end a company's name; a capitalized run ending in one is taken for an organization. */
const COMPANY_ENDINGS =
  'supplies|supply|software|logistics|facilities|freight|bank|inc|ltd|llc|gmbh|corp|corporation|company|co|group|services|solutions|systems|partners|holdings|labs|technologies|consulting|insurance|industries|foods|catering|hardware|imports|cloud|paper|office'.split(
    '|',
  );
const DOCUMENT_WORDS = 'invoice|inv|bill|po|order|receipt|ticket|case|contract|quote|rcpt|vb';
const DOCUMENT = new RegExp(`\\b(?:(${DOCUMENT_WORDS})\\s*(?:#|no\\.?|number)?\\s*-?\\s*(\\d{3,})|([A-Z]{2,5})-(\\d{3,}))\\b`, 'gi');
const AMOUNT = /(?<![\w.,-])(?:[$€£]\s?)?-?\d{1,3}(?:,\d{3})+(?:\.\d{2})?(?![\w,])|(?<![\w.,-])(?:[$€£]\s?)?-?\d+\.\d{2}(?![\w.])/g;
const CHANNEL = /(?<![\w#])#[a-z][\w-]{1,40}/gi;
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;
/** A file name: words that start with a capital or a digit ("Q3 Budget.xlsx"), then a name with an extension. */
const FILE = /\b(?:[A-Z0-9][\w().-]*\s){0,4}[\w().-]+\.(?:pdf|xlsx?|docx?|pptx?|csv|txt|md|json|png|jpe?g|zip)\b/g;
const GREETING = /^(hello|hi|hey|dear|thanks|thank|from|to|cc|regards|best)\b/i;
const CAPITALIZED_RUN = /\b[A-Z][A-Za-z&'-]+(?:\s+[A-Z][A-Za-z&'-]+){1,3}\b/g;

/** Screen text repeats (a window's text is read again at every return), so entities are remembered by text. */
const cache = new Map<string, Entity[]>();
const CACHE_ENTRIES = 500;

/** The entities of one text, in order of appearance, each once per key and kind. */
export function entitiesOf(text: string): Entity[] {
  const known = cache.get(text);
  if (known) return known;
  const entities = readEntities(text);
  cache.set(text, entities);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return entities;
}

function readEntities(text: string): Entity[] {
  const found: { index: number; entity: Entity }[] = [];
  const add = (index: number, kind: EntityKind, shown: string, key: string): void => {
    found.push({ index, entity: { kind, text: shown.trim(), key: key.toLowerCase() } });
  };
  for (const m of text.matchAll(DOCUMENT)) {
    const number = m[2] ?? m[4]!;
    add(m.index, 'document', m[0], number);
  }
  for (const m of text.matchAll(AMOUNT)) add(m.index, 'amount', m[0], m[0].replace(/[$€£\s,]/g, ''));
  for (const m of text.matchAll(CHANNEL)) add(m.index, 'channel', m[0], m[0]);
  for (const m of text.matchAll(EMAIL)) add(m.index, 'email', m[0], m[0]);
  for (const m of text.matchAll(FILE)) add(m.index, 'file', m[0], m[0]);
  for (const line of text.split('\n')) {
    const offset = text.indexOf(line);
    for (const m of line.matchAll(CAPITALIZED_RUN)) {
      const name = organizationIn(m[0]);
      if (name)
        add(offset + m.index + m[0].indexOf(name), 'organization', readable(name), name.replace(/\s+(inc|ltd|llc|corp|co|gmbh)\.?$/i, ''));
    }
    for (const person of peopleIn(line)) add(offset + Math.max(0, line.indexOf(person)), 'person', person, person);
  }
  // One entry per thing, at its first place, written the way it reads best (not in capitals).
  const byId = new Map<string, Entity>();
  for (const { entity } of found.sort((a, b) => a.index - b.index)) {
    const id = `${entity.kind}:${entity.key}`;
    const kept = byId.get(id);
    if (!kept) byId.set(id, entity);
    else if (isShouting(kept.text) && !isShouting(entity.text)) byId.set(id, { ...kept, text: entity.text });
  }
  return [...byId.values()];
}

const isShouting = (text: string): boolean => /[A-Z]{2}/.test(text) && text === text.toUpperCase();
/** "ACME SUPPLIES INC" → "Acme Supplies Inc": a name in capitals (a bank statement's) as people write it. */
const readable = (name: string): string => (isShouting(name) ? name.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : name);

/** The organization a capitalized run names: it must end in a company word ("Acme Supplies", "Northwind Bank"). */
function organizationIn(run: string): string | null {
  const parts = run.split(/\s+/);
  for (let end = parts.length; end >= 2; end--) {
    if (COMPANY_ENDINGS.includes(parts[end - 1]!.toLowerCase())) {
      // A leading word that is the app or a heading ("Invoice", "Vendor") is not part of the name.
      const start = parts.findIndex((p, i) => i < end - 1 && !/^(invoice|vendor|from|to|bill|payment|ach|wire|re|fw)$/i.test(p));
      if (start === -1 || end - start < 2) return null;
      return parts.slice(start, end).join(' ');
    }
  }
  return null;
}

/** People named in a line: compromise's person names of two capitalized words ("Maria Chen", "Raj Patel"). */
function peopleIn(line: string): string[] {
  if (!/[A-Z][a-z]+\s+[A-Z][a-z]+/.test(line)) return [];
  const names = new Set<string>();
  for (const name of nlp()(line).people().out('array') as string[]) {
    const clean = name.replace(/[^\p{L}\s'-]/gu, '').trim();
    // compromise sometimes reads only the surname of "Raj Patel": the capitalized word before it is the first name.
    const full = /\s/.test(clean) ? clean : new RegExp(`\\b([A-Z][a-z'-]+)\\s+${clean}\\b`).exec(line)?.[0];
    if (full && /^[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)+$/.test(full) && !GREETING.test(full)) names.add(full);
  }
  // Chat transcripts put the speaker before the time ("Raj Patel  10:05 AM"); compromise may read only the surname.
  const speaker = /^\s*([A-Z][a-z'-]+\s+[A-Z][a-z'-]+)\s+\d{1,2}:\d{2}\s*(?:AM|PM)?\s*$/i.exec(line);
  if (speaker) names.add(speaker[1]!);
  return [...names];
}

/** Entities of one kind, as shown, in order, each once. */
export function entitiesOfKind(text: string, kind: EntityKind): string[] {
  return entitiesOf(text)
    .filter((e) => e.kind === kind)
    .map((e) => e.text);
}
