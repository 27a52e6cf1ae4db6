/**
 * Identifiers of records people work on: a key with a prefix (`INC-2231`, `PROJ-88`, `INV-5102`), a
 * number after the word that names its family ("Invoice 5102", "PO #7789", "Order no. 55-1093",
 * "Matter 2024-0113"), and a bare `#482` (an issue or a pull request). The family word is kept, so a
 * question about tickets finds tickets and not invoices.
 */
export interface FoundIdentifier {
  readonly index: number;
  readonly length: number;
  /** As written. */
  readonly name: string;
  /** The same record however it was written: `invoice:5102` for INV-5102 and Invoice 5102, else `INC-2231`. */
  readonly key: string;
  /** Its family: a known word ("invoice", "ticket", "order") or the prefix as written ("INC"). */
  readonly family: string;
}

/**
 * Words that name a family of records, each with its everyday name. Abbreviations that also serve as
 * key prefixes (INV-, PO-, REQ-) map to the same family, so both spellings are one record.
 */
const FAMILIES: Readonly<Record<string, string>> = {
  invoice: 'invoice',
  inv: 'invoice',
  bill: 'bill',
  vb: 'bill',
  po: 'purchase order',
  'purchase order': 'purchase order',
  order: 'order',
  so: 'order',
  requisition: 'requisition',
  req: 'requisition',
  ticket: 'ticket',
  tkt: 'ticket',
  case: 'case',
  matter: 'matter',
  claim: 'claim',
  policy: 'policy',
  quote: 'quote',
  quotation: 'quote',
  contract: 'contract',
  receipt: 'receipt',
  rcpt: 'receipt',
  incident: 'incident',
  inc: 'incident',
  issue: 'issue',
  bug: 'bug',
  pr: 'pull request',
  'pull request': 'pull request',
  'merge request': 'merge request',
  mr: 'merge request',
  story: 'story',
  change: 'change',
  chg: 'change',
  rfc: 'change',
  request: 'request',
  ritm: 'request',
  'service request': 'request',
  sr: 'request',
  booking: 'booking',
  reservation: 'booking',
  appointment: 'appointment',
  appt: 'appointment',
  job: 'job',
  'work order': 'work order',
  wo: 'work order',
  shipment: 'shipment',
  load: 'load',
  tracking: 'shipment',
  delivery: 'delivery',
  account: 'account',
  acct: 'account',
  patient: 'patient',
  mrn: 'patient',
  candidate: 'candidate',
  application: 'application',
  applicant: 'application',
  employee: 'employee',
  loan: 'loan',
  deal: 'deal',
  opportunity: 'opportunity',
  opp: 'opportunity',
  lead: 'lead',
  project: 'project',
  build: 'build',
  release: 'release',
  docket: 'case',
  file: 'file',
  reference: 'reference',
  ref: 'reference',
  confirmation: 'confirmation',
  transaction: 'transaction',
  txn: 'transaction',
  payment: 'payment',
  batch: 'batch',
  lot: 'lot',
  sku: 'item',
  part: 'part',
  serial: 'serial',
  unit: 'unit',
  vehicle: 'vehicle',
  truck: 'vehicle',
  route: 'route',
  run: 'run',
};

/** Families a bare "#482" stands for in a chat or a commit (a pull request, an issue): one record with it. */
const HASHED_FAMILIES = new Set(['pull request', 'merge request', 'issue', 'bug', 'story']);

/** Everyday names of the families that are tickets in the wide sense: a question about "tickets" means these. */
export const TICKET_FAMILIES = new Set(['ticket', 'incident', 'issue', 'bug', 'story', 'change', 'request', 'case']);

const familyWords = Object.keys(FAMILIES)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/ /g, '\\s+'))
  .join('|');

/** "Invoice 5102", "PO #7789", "order no. 55-1093", "Ticket: 88213", "case number 2024-CV-0113". */
const LABELLED = new RegExp(
  `(?<![\\p{L}\\p{N}])(${familyWords})s?\\.?[\\s_-]*(?:#|no\\.?|nr\\.?|number|num\\.?|id)?\\s*[:#]?\\s*([A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])){1,19})(?![\\p{L}\\p{N}])`,
  'giu',
);
/** `INC-2231`, `PROJ-88`, `INV-5102`, `CHG0031`, `L-10218`: a key whose prefix is letters, then digits. */
const PREFIXED = /(?<![\p{L}\p{N}-])([A-Z][A-Z0-9]{0,9})-?(\d{2,9})(?![\p{L}\p{N}]|-\d)/gu;
/** `ECF No. 31`, `DKT #12`: a register's capitals, then "No." or "#" and the number. */
const CAPS_NUMBERED = /(?<![\p{L}\p{N}])([A-Z]{2,8})\s+(?:No\.?|#)\s*(\d{1,9})(?![\p{L}\p{N}])/gu;
/** `v2.14.1`, `release 3.2`: a version of software. */
const VERSION = /(?<![\p{L}\p{N}.])(?:v(\d+\.\d+(?:\.\d+){0,2})|(?:release|version|build)\s+(\d+\.\d+(?:\.\d+){0,2}))(?![\p{N}]|\.\d)/giu;
/** `#482` alone: an issue or pull request number. */
const HASH_NUMBER = /(?<![\p{L}\p{N}&])#(\d{2,7})(?![\p{L}\p{N}])/gu;

/** Prefixes that are units, times or codes rather than records ("Q3", "FY2026", "ISO-9001", "COVID-19"). */
const NOT_A_PREFIX = new Set([
  'Q',
  'FY',
  'H',
  'ISO',
  'UTC',
  'GMT',
  'COVID',
  'MP',
  'PM',
  'AM',
  'TLS',
  'SSL',
  'HTTP',
  'IPV',
  'X',
  'V',
  'RFC',
]);
const MONTHS = /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC)$/;

const digitsOf = (value: string): number => (value.match(/\d/g) ?? []).length;

/** The identifiers of one line, each once, in order. */
export function identifiersIn(line: string): FoundIdentifier[] {
  const found: FoundIdentifier[] = [];
  const taken = (index: number, length: number): boolean => found.some((f) => index < f.index + f.length && f.index < index + length);
  for (const m of line.matchAll(LABELLED)) {
    const word = m[1]!.toLowerCase().replace(/\s+/g, ' ');
    const value = m[2]!;
    const marker = m[0].slice(m[1]!.length, m[0].length - value.length);
    const hashed = marker.includes('#');
    // A number must carry the record: two digits or more, not a year alone, not a clock time.
    if (digitsOf(value) < 2 || /^(19|20)\d\d$/.test(value) || (/^\d{1,2}$/.test(value) && !hashed)) continue;
    // A word that is also a verb or an adjective ("order 3 chairs", "file 12 pages") needs a marker or a code-like value.
    if (!/#|no\.?|number|num|id|:/i.test(marker) && digitsOf(value) < 3 && !/[A-Z]/.test(value)) continue;
    const prefix = /^([A-Z]+)-?\d/i.exec(value)?.[1];
    // "INC INV-5102" (a company's ending before a key): the key's own prefix names it.
    if (prefix && /^\p{Lu}+$/u.test(m[1]!) && m[1] !== m[0].trim()) {
      const own = FAMILIES[prefix.toLowerCase()];
      const start = m.index + m[0].lastIndexOf(value);
      found.push({
        index: start,
        length: value.length,
        name: value,
        key: `${own ?? prefix.toUpperCase()}${own ? ':' : '-'}${value.replace(/^[A-Z]+-?/i, '')}`,
        family: own ?? prefix.toUpperCase(),
      });
      continue;
    }
    const family = FAMILIES[word]!;
    const number = value.replace(/^(?:[A-Z]+-)(?=\d)/i, '').toUpperCase();
    const keyFamily = prefix && FAMILIES[prefix.toLowerCase()] ? FAMILIES[prefix.toLowerCase()]! : family;
    // "Requisition REQ-2209" reads best as the key it already is; "PR #482" is the "#482" a chat writes.
    // "Load L-10222" is the L-10222 a board lists: a prefix no family knows keys it as the bare key does.
    const key =
      hashed && /^\d+$/.test(value) && HASHED_FAMILIES.has(family)
        ? `#${value}`
        : prefix && !FAMILIES[prefix.toLowerCase()] && /^[A-Z]+-\d+$/i.test(value)
          ? value.toUpperCase()
          : `${keyFamily}:${number}`;
    found.push({ index: m.index, length: m[0].length, name: prefix ? value : m[0].trim(), key, family });
  }
  for (const m of line.matchAll(PREFIXED)) {
    const prefix = m[1]!;
    if (taken(m.index, m[0].length) || NOT_A_PREFIX.has(prefix.replace(/\d+$/, '')) || MONTHS.test(prefix)) continue;
    if (!/[A-Z]{2}/.test(prefix) && !m[0].includes('-')) continue;
    // One letter is a key's prefix only before a long number ("L-10218", not "I-65" or "A-12").
    if (prefix.length === 1 && m[2]!.length < 4) continue;
    const family = FAMILIES[prefix.toLowerCase()];
    const key = family ? `${family}:${m[2]}` : `${prefix}-${m[2]}`;
    found.push({ index: m.index, length: m[0].length, name: m[0], key, family: family ?? prefix });
  }
  for (const m of line.matchAll(CAPS_NUMBERED)) {
    const prefix = m[1]!;
    if (taken(m.index, m[0].length) || NOT_A_PREFIX.has(prefix) || MONTHS.test(prefix) || FAMILIES[prefix.toLowerCase()]) continue;
    found.push({ index: m.index, length: m[0].length, name: m[0], key: `${prefix}-${m[2]}`, family: prefix });
  }
  for (const m of line.matchAll(VERSION)) {
    if (taken(m.index, m[0].length)) continue;
    const number = m[1] ?? m[2]!;
    found.push({ index: m.index, length: m[0].length, name: m[1] ? m[0] : `v${number}`, key: `release:${number}`, family: 'release' });
  }
  for (const m of line.matchAll(HASH_NUMBER)) {
    if (taken(m.index, m[0].length)) continue;
    found.push({ index: m.index, length: m[0].length, name: m[0], key: `#${m[1]}`, family: 'number' });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The family a word of a question names ("tickets" → ticket, "POs" → purchase order), if any. */
export function familyOfWord(word: string): string | null {
  const lower = word.toLowerCase().replace(/'?s$/, '');
  return FAMILIES[lower] ?? FAMILIES[word.toLowerCase()] ?? null;
}
