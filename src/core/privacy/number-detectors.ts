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

/**
 * The readings worth checking: as OCR gave it; with lookalikes read as digits after the bank code
 * (the letters a BBAN starts with, `NWBK`, `ABNA`); and with every lookalike read as a digit.
 */
function ibanReadings(chars: string): string[] {
  const upper = chars.toUpperCase();
  const head = upper.slice(0, 2) + asDigits(chars.slice(2, 4));
  const bban = chars.slice(4);
  // Bank codes in letters are at most four long in every registry format.
  const bankCode = /^[A-Za-z]{0,4}/.exec(bban)![0];
  return [
    upper,
    head + upper.slice(4),
    head + bankCode.toUpperCase() + asDigits(bban.slice(bankCode.length)).toUpperCase(),
    head + asDigits(bban).toUpperCase(),
  ];
}

// A country code whose check digits OCR could not read (`DES 3704 …`, `DES&9 3704 …` for `DE89 3704 …`), then the
// account part printed in groups of four.
const DAMAGED_IBAN = /(?<![A-Za-z0-9])([A-Z]{2})(\S{1,3}) ((?:[0-9A-Za-z]{4} ){2,7}[0-9A-Za-z]{1,4})(?![A-Za-z0-9])/g;

/**
 * An IBAN whose check digits are unreadable cannot be checked with mod-97, and its account number
 * is still on the screen: taken when the country's length fits exactly and the rest is mostly
 * digits. Check digits that read as digits and fail mod-97 are not an IBAN, and are left alone.
 */
function damagedIban(m: RegExpMatchArray): boolean {
  const length = IBAN_LENGTHS.get(m[1]!);
  if (!length || /^\d\d$/.test(asDigits(m[2]!))) return false;
  const account = m[3]!.replace(/ /g, '');
  return account.length === length - 4 && (account.match(/\d/g)?.length ?? 0) >= account.length * 0.6;
}

/** IBANs of every registry country, with or without spaces, checked with mod-97 (or unreadable check digits, see `damagedIban`). */
export const detectIbans: Detector = (text) => {
  const findings: Finding[] = [];
  for (const m of text.matchAll(IBAN_START)) {
    const length = IBAN_LENGTHS.get(m[0]);
    if (!length || findings.some((f) => m.index < f.end)) continue;
    const read = readIban(text, m.index, length);
    if (read && ibanReadings(read.chars).some(ibanValid)) findings.push({ start: m.index, end: read.end, kind: 'iban' });
  }
  for (const m of text.matchAll(DAMAGED_IBAN)) {
    if (damagedIban(m) && !findings.some((f) => m.index < f.end && f.start < m.index + m[0].length)) {
      findings.push({ start: m.index, end: m.index + m[0].length, kind: 'iban' });
    }
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
