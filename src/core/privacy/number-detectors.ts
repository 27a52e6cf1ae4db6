import { IBAN_LENGTHS, ibanValid, spanishIdValid, ukNinoValid, usSsnValid } from './checksums';
import { asDigits, type Detector, type Finding } from './findings';

const IS_ALNUM = /[A-Za-z0-9|]/;
// A country code at a word start, followed by two check digits (or what OCR made of them).
const IBAN_START = /(?<![A-Za-z0-9])[A-Z]{2}(?= ?[0-9OoIl|]{2})/g;

/** The IBAN's characters from `start`: letters and digits, skipping single spaces, up to `length` of them. */
function readIban(text: string, start: number, length: number): { chars: string; end: number } | null {
  let chars = '';
  let pos = start;
  while (chars.length < length && pos < text.length) {
    const ch = text[pos]!;
    if (IS_ALNUM.test(ch)) chars += ch;
    else if (!(ch === ' ' && IS_ALNUM.test(text[pos + 1] ?? ''))) break;
    pos++;
  }
  // It must end there: a longer run of letters and digits is something else.
  if (chars.length < length || IS_ALNUM.test(text[pos] ?? '')) return null;
  return { chars, end: pos };
}

/** The readings worth checking: as OCR gave it, then with the usual lookalikes (`O`, `l`) read as digits. */
function ibanReadings(chars: string): string[] {
  const upper = chars.toUpperCase();
  const country = upper.slice(0, 2);
  const checkDigits = asDigits(chars.slice(2, 4));
  const common = chars.slice(4).replace(/[Oo]/g, '0').replace(/[lI|]/g, '1').toUpperCase();
  return [upper, country + checkDigits + upper.slice(4), country + checkDigits + common, country + checkDigits + asDigits(chars.slice(4))];
}

/** IBANs of every registry country, with or without spaces, checked with mod-97. */
export const detectIbans: Detector = (text) => {
  const findings: Finding[] = [];
  for (const m of text.matchAll(IBAN_START)) {
    const length = IBAN_LENGTHS.get(m[0]);
    if (!length || findings.some((f) => m.index < f.end)) continue;
    const read = readIban(text, m.index, length);
    if (read && ibanReadings(read.chars).some(ibanValid)) findings.push({ start: m.index, end: read.end, kind: 'iban' });
  }
  return findings;
};

const NUMBERISH = '[0-9OoIl]';
// 123-45-6789 or 123 45 6789, one separator throughout.
const SSN = new RegExp(`(?<![\\w-])(${NUMBERISH}{3})([- ])(${NUMBERISH}{2})\\2(${NUMBERISH}{4})(?![\\w-])`, 'g');
// A bare nine-digit SSN only where it is labelled as one.
const LABELLED_SSN = /\b(?:SSN|social security(?: number| no\.?)?)\s*[:#]?\s*(\d{9})(?!\w)/gi;
const NINO = /(?<![A-Za-z0-9])([A-Z]{2}) ?(\d{2}) ?(\d{2}) ?(\d{2}) ?([A-D])(?![A-Za-z0-9])/g;
const SPANISH_ID = /(?<![A-Za-z0-9])([XYZ]?\d{7,8})[- ]?([A-Z])(?![A-Za-z0-9])/g;

/** National ids: US SSN (shape rules), UK National Insurance numbers (shape rules), Spanish DNI/NIE (check letter). */
export const detectNationalIds: Detector = (text) => {
  const findings: Finding[] = [];
  const add = (start: number, end: number): void => void findings.push({ start, end, kind: 'national-id' });
  for (const m of text.matchAll(SSN)) {
    const [whole, area, , group, serial] = m as unknown as [string, string, string, string, string];
    const digits = asDigits(area + group + serial);
    if (
      /^\d{9}$/.test(digits) &&
      (whole.match(/\d/g)?.length ?? 0) >= 7 &&
      usSsnValid(digits.slice(0, 3), digits.slice(3, 5), digits.slice(5))
    ) {
      add(m.index, m.index + whole.length);
    }
  }
  for (const m of text.matchAll(LABELLED_SSN)) {
    const number = m[1]!;
    const start = m.index + m[0].length - number.length;
    if (usSsnValid(number.slice(0, 3), number.slice(3, 5), number.slice(5))) add(start, start + number.length);
  }
  for (const m of text.matchAll(NINO)) {
    if (ukNinoValid(m.slice(1).join(''))) add(m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(SPANISH_ID)) {
    if (spanishIdValid(m[1]! + m[2]!)) add(m.index, m.index + m[0].length);
  }
  return findings;
};
