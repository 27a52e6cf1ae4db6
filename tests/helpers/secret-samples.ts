/**
 * Realistic secrets for privacy tests: published test numbers and example keys, each valid by its
 * own rule (Luhn, mod-97, the key's format), so a detector that finds them would find real ones.
 */
export const SAMPLE_CARD = '4111 1111 1111 1111';
export const SAMPLE_CARD_DIGITS = '4111111111111111';
export const SAMPLE_IBAN = 'DE89 3704 0044 0532 0130 00';
export const SAMPLE_IBAN_COMPACT = 'DE89370400440532013000';
/** AWS's documented example access key id. */
export const SAMPLE_AWS_KEY = 'AKIAIOSFODNN7EXAMPLE';

/** Appends the Luhn check digit that makes `body` a valid card number. */
export function withLuhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** An IBAN for `country` with `bban`, its check digits computed (ISO 13616). */
export function ibanFor(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const ch of numeric) remainder = (remainder * 10 + Number(ch)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** `text` in groups of four, as cards and IBANs are printed. */
export const inFours = (text: string, separator = ' '): string => text.match(/.{1,4}/g)!.join(separator);
