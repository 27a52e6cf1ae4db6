import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IBAN_LENGTHS } from '../../src/core/privacy/checksums';
import { redactionSettingsSchema } from '../../src/core/config/redaction-settings';
import { createRedactor } from '../../src/core/privacy/redactor';
import { ibanFor, inFours, withLuhnDigit } from '../helpers/secret-samples';

const redactor = createRedactor(redactionSettingsSchema.parse({}));
const RUNS = { numRuns: 500 };

/** Ordinary words (no digits, none a national-id or key shape) for the text around a secret. */
const word = fc.constantFrom('Please', 'pay', 'the', 'invoice', 'from', 'Dana', 'today', 'Thanks', 'card', 'number', 'Re:', 'order', 'ok');
const sentence = fc.array(word, { minLength: 0, maxLength: 6 }).map((words) => words.join(' '));

/** Card numbers of the main networks: prefix, random digits, Luhn check digit. */
const cardDigits = fc
  .constantFrom(
    { prefix: '4', length: 16 },
    { prefix: '4', length: 13 },
    { prefix: '51', length: 16 },
    { prefix: '55', length: 16 },
    { prefix: '2221', length: 16 },
    { prefix: '34', length: 15 },
    { prefix: '37', length: 15 },
    { prefix: '6011', length: 16 },
    { prefix: '65', length: 16 },
    { prefix: '3528', length: 16 },
  )
  .chain(({ prefix, length }) =>
    fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: length - prefix.length - 1, maxLength: length - prefix.length - 1 })
      .map((digits) => withLuhnDigit(prefix + digits.join(''))),
  );

/** The number as it shows on a screen and comes out of OCR: grouped or not, with the noise OCR adds. */
const printedCard = fc
  .record({
    digits: cardDigits,
    separator: fc.constantFrom(' ', '-', ''),
    noise: fc.constantFrom('none', 'O for 0', 'l for 1', 'stray space', 'lost space'),
    at: fc.nat(),
  })
  .map(({ digits, separator, noise, at }) => {
    let printed = separator
      ? digits.length === 15
        ? `${digits.slice(0, 4)}${separator}${digits.slice(4, 10)}${separator}${digits.slice(10)}`
        : inFours(digits, separator)
      : digits;
    if (noise === 'O for 0' || noise === 'l for 1') {
      const [from, to] = noise === 'O for 0' ? ['0', 'O'] : ['1', 'l'];
      const positions = [...printed].flatMap((ch, i) => (ch === from ? [i] : []));
      if (positions.length > 0) {
        const i = positions[at % positions.length]!;
        printed = printed.slice(0, i) + to + printed.slice(i + 1);
      }
    } else if (noise === 'stray space' && separator === ' ') {
      printed = `${printed.slice(0, 2)} ${printed.slice(2)}`;
    } else if (noise === 'lost space' && separator === ' ' && digits.length === 16) {
      printed = printed.replace(' ', '');
    }
    return { digits, printed };
  });

/** IBANs of registry countries, digits-only BBANs or (GB, NL) with a bank code in letters. */
const iban = fc
  .record({
    country: fc.constantFrom('DE', 'FR', 'AT', 'BE', 'PL', 'ES', 'IT', 'CH', 'GB', 'NL'),
    digits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 30, maxLength: 30 }),
    bank: fc.constantFrom('WEST', 'ABNA', 'BARC', 'RABO'),
    grouped: fc.boolean(),
    oForZero: fc.boolean(),
  })
  .map(({ country, digits, bank, grouped, oForZero }) => {
    const bbanLength = IBAN_LENGTHS.get(country)! - 4;
    const lettered = country === 'GB' || country === 'NL';
    const bban = lettered ? bank + digits.join('').slice(0, bbanLength - 4) : digits.join('').slice(0, bbanLength);
    const compact = ibanFor(country, bban);
    let printed = grouped ? inFours(compact) : compact;
    // OCR's O for 0, in the digits after the bank code.
    if (oForZero) printed = printed.slice(0, 9) + printed.slice(9).replace('0', 'O');
    return { compact, printed };
  });

describe('redaction properties (fast-check)', () => {
  it('a valid card number inside ordinary text is always redacted, whatever its printing and OCR noise', () => {
    fc.assert(
      fc.property(sentence, printedCard, sentence, (before, card, after) => {
        const text = `${before} ${card.printed} ${after}`;
        const out = redactor.redact(text).text;
        expect(out).toBe(`${before} [card] ${after}`);
        expect(out.replace(/\D/g, '')).not.toContain(card.digits);
      }),
      RUNS,
    );
  });

  it('a valid IBAN inside ordinary text is always redacted, grouped or not, with O read for 0', () => {
    fc.assert(
      fc.property(sentence, iban, sentence, (before, { printed }, after) => {
        expect(redactor.redact(`${before} ${printed} ${after}`).text).toBe(`${before} [iban] ${after}`);
      }),
      RUNS,
    );
  });

  /** Numbers of an ordinary working day: totals, dates, times, quantities, percentages, references. */
  const ordinaryNumber = fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99 }))
      .map(([n, c]) => `$${n.toLocaleString('en-US')}.${String(c).padStart(2, '0')}`),
    fc
      .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99 }))
      .map(([n, c]) => `${n.toLocaleString('fr-FR')},${String(c).padStart(2, '0')} €`),
    fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toLocaleDateString('en-GB')),
    fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(11, 19)),
    fc.integer({ min: 0, max: 1000 }).map((n) => `${n / 10}%`),
    fc.integer({ min: 1, max: 99_999_999 }).map((n) => `#${n}`),
    fc.integer({ min: 1, max: 999_999 }).map((n) => `INV-${n}`),
    fc.integer({ min: 0, max: 9_999_999 }).map((n) => `+1 415 555 ${String(n % 10_000).padStart(4, '0')}`),
  );

  it('ordinary numbers (totals, dates, times, references) are never redacted', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(word, ordinaryNumber), { minLength: 1, maxLength: 8 }), (pairs) => {
        const text = pairs.map(([w, n]) => `${w} ${n}`).join(' ');
        expect(redactor.redact(text)).toEqual({ text, counts: {}, total: 0 });
      }),
      RUNS,
    );
  });

  it('redacting twice changes nothing more', () => {
    fc.assert(
      fc.property(sentence, printedCard, iban, fc.string(), (before, card, account, noise) => {
        const once = redactor.redact(`${before} ${card.printed} ${noise} ${account.printed}`).text;
        expect(redactor.redact(once).text).toBe(once);
      }),
      RUNS,
    );
  });
});
