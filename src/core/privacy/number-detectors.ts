import { IBAN_LENGTHS, ibanValid, spanishIdValid, ukNinoValid, usSsnValid } from './checksums';
import { asDigits, type Detector, type Finding } from './findings';

const IS_ALNUM = /[A-Za-z0-9|]/;
const IS_BLANK = /\s/;
// A country code at a word start, in either case, followed by two check digits (or what OCR made of them).
const IBAN_START = /(?<![A-Za-z0-9])[A-Za-z]{2}(?=[^\S\r\n]{0,3}[0-9OoIl|SsBZz]{2})/g;
/** An IBAN cut across more lines than two is not one IBAN. */
const MAX_WRAPS = 1;

interface IbanRead {
  /** The IBAN's letters and digits, as printed. */
  readonly chars: string;
  readonly end: number;
  /** How many characters came before each run of blanks inside it (a line break is not one). */
  readonly gaps: readonly number[];
  readonly wrapped: boolean;
}

/**
 * The IBAN's characters from `start`: letters and digits, across any run of blanks and at most one line
 * break, up to `length` of them; null when fewer follow or more run on (then it is something longer).
 */
function readIban(text: string, start: number, length: number): IbanRead | null {
  let chars = '';
  let pos = start;
  const gaps: number[] = [];
  let wraps = 0;
  while (chars.length < length && pos < text.length) {
    const ch = text[pos]!;
    if (IS_ALNUM.test(ch)) {
      chars += ch;
      pos++;
      continue;
    }
    if (!IS_BLANK.test(ch)) break;
    let after = pos;
    let breaks = 0;
    while (after < text.length && IS_BLANK.test(text[after]!)) if (text[after++] === '\n') breaks++;
    if (wraps + breaks > MAX_WRAPS || !IS_ALNUM.test(text[after] ?? '')) break;
    if (breaks > 0) wraps += breaks;
    else gaps.push(chars.length);
    pos = after;
  }
  if (chars.length < length || IS_ALNUM.test(text[pos] ?? '')) return null;
  return { chars, end: pos, gaps, wrapped: wraps > 0 };
}

/**
 * The readings worth checking, in upper case: as OCR gave it; with lookalikes read as digits after the
 * bank code (the letters a BBAN starts with, `NWBK`, `ABNA`); and with every lookalike read as a digit.
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

/** Most of an account number is digits in every registry format; ordinary words are not. */
function mostlyDigits(account: string): boolean {
  return (account.match(/\d/g)?.length ?? 0) >= account.length * 0.6;
}

/**
 * An IBAN one misread character keeps from passing mod-97 (`3` for `8`, a lost stroke): mod-97 cannot
 * tell it from any other number of that length, so the printing must say IBAN. The country's exact
 * length, check digits that read as digits, an account part mostly of digits, and blanks only between
 * groups of four (one stray allowed; a line break anywhere). A false positive costs little.
 */
function nearIban(read: IbanRead): boolean {
  if (!/^\d\d$/.test(asDigits(read.chars.slice(2, 4)))) return false;
  const bban = read.chars.slice(4);
  const bankCode = /^[A-Za-z]{0,4}/.exec(bban)![0];
  if (!mostlyDigits(asDigits(bban.slice(bankCode.length)))) return false;
  return read.gaps.filter((at) => at % 4 !== 0).length <= 1;
}

// A country code whose check digits OCR could not read (`DES 3704 …`, `DES&9 3704 …` for `DE89 3704 …`), then the
// account part printed in groups of four. In capitals, as printed: in lower case, any word could be the country.
const DAMAGED_IBAN = /(?<![A-Za-z0-9])([A-Z]{2})(\S{1,3})[^\S\r\n]+((?:[0-9A-Za-z]{4}\s+){2,7}[0-9A-Za-z]{1,4})(?![A-Za-z0-9])/g;

/**
 * An IBAN whose check digits are unreadable cannot be checked with mod-97, and its account number
 * is still on the screen: taken when the country's length fits exactly and the rest is mostly
 * digits. Check digits that read as digits are judged as an IBAN is (`nearIban`), not here.
 */
function damagedIban(m: RegExpMatchArray): boolean {
  const length = IBAN_LENGTHS.get(m[1]!);
  if (!length || /^\d\d$/.test(asDigits(m[2]!)) || (m[0].match(/\n/g)?.length ?? 0) > MAX_WRAPS) return false;
  const account = m[3]!.replace(/\s/g, '');
  return account.length === length - 4 && mostlyDigits(account);
}

/**
 * IBANs of every registry country, in upper or lower case, with any blanks and one line break: checked
 * with mod-97, else taken by their printing when one character is misread (`nearIban`) or the check
 * digits are unreadable (`damagedIban`).
 */
export const detectIbans: Detector = (text) => {
  const findings: Finding[] = [];
  for (const m of text.matchAll(IBAN_START)) {
    const length = IBAN_LENGTHS.get(m[0].toUpperCase());
    if (!length || findings.some((f) => m.index < f.end)) continue;
    const read = readIban(text, m.index, length);
    if (read && (ibanReadings(read.chars).some(ibanValid) || nearIban(read)))
      findings.push({ start: m.index, end: read.end, kind: 'iban' });
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
