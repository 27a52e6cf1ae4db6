import type { Detector, Finding } from './findings';
import { NOT_A_VALUE } from './secret-detectors';

/**
 * Password labels as OCR misreads them (`passw0rd:`, `Pa55word`, `Pasword`, `Pass word`): the value
 * after a label one edit away from a password word, in the languages redaction knows, is a password.
 * Only the long labels are taken this way: a short one is one edit away from too many words
 * (`passwd` from `passed`); the exact labels of every length are `detectPasswordPairs`' work.
 */
const LABELS = ['password', 'passwort', 'passcode', 'passphrase', 'kennwort', 'wachtwoord', 'contrasena'];
// The words of these languages one edit away from a label (other than the labels' own forms), which a
// misread label must not be taken for: found by comparing every label with the English, German,
// French, Spanish, Dutch and Portuguese word lists (Debian's wamerican, wngerman, wfrench, …).
const REAL_WORDS = new Set(['passport', 'kennwert', 'machtwoord', 'contraseno']);
const MIN_LENGTH = Math.min(...LABELS.map((l) => l.length)) - 1;
const MAX_LENGTH = Math.max(...LABELS.map((l) => l.length)) + 1;
/** How long a label may be as printed: OCR's `vv` for each `w` makes it longer than its letters. */
const MAX_PRINTED_LENGTH = 2 * MAX_LENGTH;

/** Digits and signs OCR reads in place of a label's letters, and what they stand for. */
const LETTER_LOOKALIKES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '|': 'l',
  '!': 'l',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '8': 'b',
};

const IS_LABEL_CHAR = /[\p{L}\p{N}@$|!]/u;
/** What may not stand right before a label (it would be part of an identifier, which `detectPasswordPairs` reads). */
const IS_JOINED = /[\p{L}\p{N}_.-]/u;
const VALUE_AFTER = /^[ \t]*["']?([^\s"',;]+)/;
const SEPARATOR = /[:=]/g;

/** The word ending at `end` (exclusive): its start, or null when none or it is part of something longer. */
function wordBefore(text: string, end: number): number | null {
  let start = end;
  while (start > 0 && end - start <= MAX_PRINTED_LENGTH && IS_LABEL_CHAR.test(text[start - 1]!)) start--;
  return start < end - 1 && end - start <= MAX_PRINTED_LENGTH ? start : null;
}

/** The label before a separator: one word, or two OCR split (`Pass word`), perhaps quoted and followed by blanks. */
function labelBefore(text: string, separator: number): string | null {
  let end = separator;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  if (end > 0 && (text[end - 1] === '"' || text[end - 1] === "'")) end--;
  const last = wordBefore(text, end);
  if (last === null) return null;
  const first = last > 1 && text[last - 1] === ' ' ? wordBefore(text, last - 1) : null;
  const start = first ?? last;
  if (start > 0 && IS_JOINED.test(text[start - 1]!)) return first === null ? null : text.slice(last, end);
  return text.slice(start, end);
}

/** A label as letters: lower case, accents dropped, lookalikes read as the letters they stand for, `vv` as `w`. */
function asLetters(word: string): string {
  const plain = /^[\x20-\x7e]*$/.test(word) ? word : word.normalize('NFD').replace(/\p{M}/gu, '');
  let out = '';
  for (const ch of plain.toLowerCase()) out += LETTER_LOOKALIKES[ch] ?? ch;
  return out.replace(/vv/g, 'w');
}

/** Whether `a` and `b` are at most one edit apart (a character changed, added, dropped, or two swapped). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return a.slice(i + 1) === b.slice(i + 1) || swapped;
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function misreadLabel(word: string): boolean {
  if (word.length < MIN_LENGTH || word.length > MAX_PRINTED_LENGTH) return false;
  const letters = asLetters(word);
  if (letters.length < MIN_LENGTH || letters.length > MAX_LENGTH || REAL_WORDS.has(letters)) return false;
  return LABELS.some((label) => withinOneEdit(letters, label));
}

/**
 * `label: value` pairs whose label is a password word OCR misread (→ `[password]`). Read from each
 * separator backwards and forwards, so the cost follows the separators in the text, not its length.
 */
export const detectMisreadPasswordLabels: Detector = (text) => {
  const findings: Finding[] = [];
  for (const separator of text.matchAll(SEPARATOR)) {
    const label = labelBefore(text, separator.index);
    if (!label) continue;
    const words = label.split(' ');
    if (!misreadLabel(words.join('')) && !misreadLabel(words.at(-1)!)) continue;
    const value = VALUE_AFTER.exec(text.slice(separator.index + 1, separator.index + 1 + 512));
    if (!value || NOT_A_VALUE.test(value[1]!)) continue;
    const end = separator.index + 1 + value[0].length;
    findings.push({ start: end - value[1]!.length, end, kind: 'password' });
  }
  return findings;
};
