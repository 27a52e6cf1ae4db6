/**
 * Check digits and shape rules of the numbers redaction looks for. A candidate is redacted only when
 * it passes one of these, so invoice totals, dates and order numbers that merely look long stay.
 */

/** Luhn (mod 10), the check digit of every payment card number. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Whether a Luhn-valid number has the prefix and length of a card network (Visa, Mastercard, Amex,
 * Discover, Diners, JCB, UnionPay, Maestro, Mir): most long numbers that are not cards fail here.
 */
export function cardNetworkPlausible(digits: string): boolean {
  const n = digits.length;
  if (n < 13 || n > 19) return false;
  if (digits.startsWith('4')) return n === 13 || n === 16 || n === 19;
  if (/^3[47]/.test(digits)) return n === 15;
  if (/^(5[1-5]|2(22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return n === 16;
  if (/^220[0-4]/.test(digits)) return n >= 16;
  if (/^(6011|64[4-9]|65|62)/.test(digits)) return n >= 16;
  if (/^3(0[0-5]|[689])/.test(digits)) return n >= 14;
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return n >= 16;
  if (/^(5[06-9]|6\d)/.test(digits)) return true;
  return false;
}

// Country code and IBAN length of each country in the SWIFT IBAN registry.
const IBAN_REGISTRY = [
  'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 EE20 EG29',
  'ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28',
  'LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25',
  'QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30',
].join(' ');

/** IBAN lengths by country. */
export const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  IBAN_REGISTRY.split(' ').map((entry) => [entry.slice(0, 2), Number(entry.slice(2))] as const),
);

/** ISO 13616 mod-97 check of an IBAN written without spaces, upper case. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS.get(iban.slice(0, 2)) !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** US Social Security number shape rules: no area 000, 666 or 900-999, no group 00, no serial 0000. */
export function usSsnValid(area: string, group: string, serial: string): boolean {
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter): the letter is the number mod 23. */
export function spanishIdValid(id: string): boolean {
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(id);
  if (!m) return false;
  const [, prefix, digits, letter] = m as unknown as [string, string, string, string];
  if (prefix ? digits.length !== 7 : digits.length !== 8) return false;
  const number = Number(`${prefix ? 'XYZ'.indexOf(prefix) : ''}${digits}`);
  return DNI_LETTERS[number % 23] === letter;
}

const NINO_FORBIDDEN_PREFIXES = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);

/** UK National Insurance number shape rules (it has no check digit): allowed prefix letters, suffix A-D. */
export function ukNinoValid(nino: string): boolean {
  return /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/.test(nino) && !NINO_FORBIDDEN_PREFIXES.has(nino.slice(0, 2));
}
