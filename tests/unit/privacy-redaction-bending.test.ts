import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_SCREENS } from '../../scripts/day/demo-screens';
import { IBAN_LENGTHS } from '../../src/core/privacy/checksums';
import { redactionSettingsSchema } from '../../src/core/config/redaction-settings';
import { createRedactor } from '../../src/core/privacy/redactor';
import { ibanFor, inFours, withLuhnDigit } from '../helpers/secret-samples';

/**
 * What OCR and people do to secrets (issue 25, point 5), generated: any run of blanks or one line
 * break inside a number, IBANs in lower case, one confusable or misread character, PINs and one-time
 * codes after their labels, password labels OCR misread, in the languages redaction knows; and the
 * ordinary numbers of a working day (invoice and PO ids, amounts, dates) that must survive. 10,500
 * generated cases in all (`RUNS`), with the 2,000 of privacy-redaction-properties.test.ts.
 */
const RUNS = { card: 2500, iban: 2500, password: 2000, code: 1500, ordinary: 2000 } as const;
const redactor = createRedactor(redactionSettingsSchema.parse({}));

/** Ordinary words (no digits, no number or key shape) for the text around a secret. */
const word = fc.constantFrom(
  'Please',
  'pay',
  'the',
  'invoice',
  'from',
  'Dana',
  'today',
  'Thanks',
  'card',
  'number',
  'Re:',
  'order',
  'ok',
  'refund',
);
const sentence = fc.array(word, { minLength: 0, maxLength: 5 }).map((words) => words.join(' '));
/** Runs of blanks as layouts and OCR leave them: spaces, tabs, no-break and thin spaces. */
const blanks = fc.array(fc.constantFrom(' ', ' ', '\t', '\u00a0', '\u2009'), { minLength: 1, maxLength: 4 }).map((b) => b.join(''));
/** A line break, with or without blanks around it. */
const lineBreak = fc.tuple(fc.constantFrom('', ' '), fc.constantFrom('\n', '\r\n'), fc.constantFrom('', ' ', '  ')).map((p) => p.join(''));

/** Digits OCR reads as a letter, and the letters it may read. */
const CONFUSABLE: Readonly<Record<string, readonly string[]>> = { '0': ['O', 'o'], '1': ['l', 'I'], '5': ['S'], '8': ['B'] };

/** Replaces the character at the `pick`-th of `positions` (modulo their count), as `replace` says. */
function bendAt(text: string, positions: readonly number[], pick: number, replace: (ch: string) => string): string {
  if (positions.length === 0) return text;
  const i = positions[pick % positions.length]!;
  return text.slice(0, i) + replace(text[i]!) + text.slice(i + 1);
}
const digitPositions = (text: string, from: number, which: (ch: string) => boolean = (ch) => /\d/.test(ch)): number[] =>
  [...text].flatMap((ch, i) => (i >= from && which(ch) ? [i] : []));

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

/** A card as screens print it and OCR reads it: grouped by blank runs or dashes or not, maybe cut across two lines, maybe one character misread. */
const bentCard = fc
  .record({
    digits: cardDigits,
    separator: fc.oneof(blanks, fc.constantFrom('-', ' - ', '')),
    wrap: fc.constantFrom('none', 'between groups', 'inside a group'),
    lineBreak,
    misread: fc.constantFrom('none', 'confusable letter', 'another digit'),
    pick: fc.nat(),
    digit: fc.integer({ min: 1, max: 9 }),
  })
  .map(({ digits, separator, wrap, lineBreak, misread, pick, digit }) => {
    const groups = digits.length === 15 ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)] : inFours(digits, ' ').split(' ');
    let printed = groups.join(separator);
    if (wrap === 'between groups' && separator.trim() === '') {
      printed = groups.slice(0, 2).join(separator) + lineBreak + groups.slice(2).join(separator);
    } else if (wrap === 'inside a group') {
      const at = groups[0]!.length + separator.length + 2;
      printed = printed.slice(0, at) + lineBreak + printed.slice(at);
    }
    const wrapped = printed.includes('\n');
    // The network's prefix stays readable; a misread digit needs the number printed exactly as a card, on one line.
    const from = 4 + separator.length;
    if (misread === 'confusable letter') {
      printed = bendAt(
        printed,
        digitPositions(printed, from, (ch) => ch in CONFUSABLE),
        pick,
        (ch) => CONFUSABLE[ch]![pick % CONFUSABLE[ch]!.length]!,
      );
    } else if (misread === 'another digit' && separator !== '' && !wrapped) {
      printed = bendAt(printed, digitPositions(printed, from), pick, (ch) => String((Number(ch) + digit) % 10));
    }
    return { digits, printed };
  });

/** Lettered bank codes of the countries whose account part starts with one. */
const BANK_CODES: Readonly<Record<string, string>> = { GB: 'WEST', NL: 'ABNA', IE: 'AIBK', BG: 'BNBG' };

/** IBANs of every registry country, as people and OCR write them. */
const bentIban = fc
  .record({
    country: fc.constantFrom(...IBAN_LENGTHS.keys()),
    digits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 30, maxLength: 30 }),
    lowerCase: fc.boolean(),
    grouping: fc.oneof(blanks, fc.constant('')),
    wrap: fc.boolean(),
    lineBreak,
    misread: fc.constantFrom('none', 'confusable letter', 'another digit'),
    pick: fc.nat(),
    digit: fc.integer({ min: 1, max: 9 }),
  })
  .map(({ country, digits, lowerCase, grouping, wrap, lineBreak, misread, pick, digit }) => {
    const bbanLength = IBAN_LENGTHS.get(country)! - 4;
    const bank = BANK_CODES[country] ?? '';
    const compact = ibanFor(country, bank + digits.join('').slice(0, bbanLength - bank.length));
    let printed = grouping ? inFours(compact, grouping) : compact;
    // Misread only in the account part, after the bank code: the country and check digits stay as printed.
    const from = (grouping ? 4 + grouping.length : 4) + bank.length;
    if (misread === 'confusable letter') {
      printed = bendAt(
        printed,
        digitPositions(printed, from, (ch) => ch in CONFUSABLE),
        pick,
        (ch) => CONFUSABLE[ch]![pick % CONFUSABLE[ch]!.length]!,
      );
    } else if (misread === 'another digit') {
      printed = bendAt(printed, digitPositions(printed, from), pick, (ch) => String((Number(ch) + digit) % 10));
    }
    if (wrap) {
      const at = 4 + (pick % (printed.length - 5));
      printed = printed.slice(0, at) + lineBreak + printed.slice(at);
    }
    return { compact, printed: lowerCase ? printed.toLowerCase() : printed };
  });

/** Password labels of every language redaction knows, as they are printed. */
const passwordLabel = fc.constantFrom(
  'password',
  'Password',
  'PASSWORD',
  'Passwort',
  'Kennwort',
  'wachtwoord',
  'Wachtwoord',
  'contraseña',
  'Passcode',
  'passphrase',
);
/** What OCR does to a label's letters: the digits and signs it reads for them. */
const LABEL_LOOKALIKES: Readonly<Record<string, readonly string[]>> = {
  o: ['0'],
  O: ['0'],
  s: ['5', '$'],
  S: ['5', '$'],
  a: ['4', '@'],
  e: ['3'],
  w: ['vv'],
};
const misreadLabel = fc
  .record({
    label: passwordLabel,
    edit: fc.constantFrom('none', 'drop a letter', 'double a letter', 'swap two letters', 'split in two words'),
    lookalikes: fc.array(fc.nat(), { maxLength: 2 }),
    at: fc.nat(),
  })
  .map(({ label, edit, lookalikes, at }) => {
    let bent: string = label;
    const i = 1 + (at % (label.length - 2));
    if (edit === 'drop a letter') bent = label.slice(0, i) + label.slice(i + 1);
    else if (edit === 'double a letter') bent = label.slice(0, i) + label[i] + label.slice(i);
    else if (edit === 'swap two letters') bent = label.slice(0, i) + label[i + 1] + label[i] + label.slice(i + 2);
    else if (edit === 'split in two words') bent = `${label.slice(0, Math.max(2, i))} ${label.slice(Math.max(2, i))}`;
    for (const pick of lookalikes) {
      bent = bendAt(
        bent,
        digitPositions(bent, 0, (ch) => ch in LABEL_LOOKALIKES),
        pick,
        (ch) => LABEL_LOOKALIKES[ch]![pick % LABEL_LOOKALIKES[ch]!.length]!,
      );
    }
    return bent;
  });
const passwordValue = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%&*+-_?'.split('')),
    minLength: 6,
    maxLength: 16,
  })
  .filter((v) => /[a-z]/i.test(v));

/** PIN and one-time code labels in English, German, French, Spanish, Portuguese and Dutch, with what may stand between label and code. */
const codeLabel = fc.constantFrom(
  { label: 'PIN', separators: [' ', ': ', ' = ', ' is '] },
  { label: 'Pin code', separators: [': ', ' '] },
  { label: 'PIN-Code', separators: [': ', ' '] },
  { label: 'OTP', separators: [' ', ': '] },
  { label: 'one-time code', separators: [': ', ' '] },
  { label: 'One-time passcode', separators: [': ', ' is '] },
  { label: 'Your verification code', separators: [' is ', ': '] },
  { label: 'Security code', separators: [': ', ' '] },
  { label: 'Passcode', separators: [': ', ' '] },
  { label: 'Sign-in code', separators: [': ', ' '] },
  { label: 'Bestätigungscode', separators: [': ', ' '] },
  { label: 'Ihr Sicherheitscode', separators: [' lautet ', ': '] },
  { label: 'code de vérification', separators: [' : ', ': ', ' est '] },
  { label: 'Code PIN', separators: [' : ', ' '] },
  { label: 'código de verificación', separators: [': ', ' es '] },
  { label: 'código de segurança', separators: [': ', ' é '] },
  { label: 'verificatiecode', separators: [': ', ' '] },
  { label: 'Pincode', separators: [': ', ' '] },
  { label: 'Code', separators: [': ', ' is ', ' = '] },
);
const codeDigits = fc
  .tuple(
    fc.integer({ min: 4, max: 8 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }),
    fc.constantFrom('', ' ', '-'),
  )
  .map(([length, digits, split]) => {
    const code = digits.join('').slice(0, length);
    return { code, printed: split && length === 6 ? `${code.slice(0, 3)}${split}${code.slice(3)}` : code };
  });

describe('redaction survives what OCR and people do to secrets (fast-check)', () => {
  it('a card number is redacted whatever the blanks, a line break and one misread character do to it', () => {
    fc.assert(
      fc.property(sentence, bentCard, sentence, (before, card, after) => {
        const out = redactor.redact(`${before} ${card.printed} ${after}`).text;
        expect(out).toBe(`${before} [card] ${after}`);
      }),
      { numRuns: RUNS.card },
    );
  });

  it('an IBAN of any registry country is redacted in either case, with any blanks, a line break or one misread character', () => {
    fc.assert(
      fc.property(sentence, bentIban, sentence, (before, iban, after) => {
        const out = redactor.redact(`${before} ${iban.printed} ${after}`).text;
        expect(out).toBe(`${before} [iban] ${after}`);
      }),
      { numRuns: RUNS.iban },
    );
  });

  it('the value after a password label is redacted though OCR misread the label', () => {
    fc.assert(
      fc.property(
        sentence,
        misreadLabel,
        fc.constantFrom(': ', ':', ' : ', '=', ' = ', ': "'),
        passwordValue,
        (before, label, separator, value) => {
          const text = `${before} ${label}${separator}${value}${separator.endsWith('"') ? '"' : ''} Thanks`;
          const out = redactor.redact(text).text;
          expect(out).not.toContain(value);
          expect(out).toContain(`${label}${separator}[password]`);
        },
      ),
      { numRuns: RUNS.password },
    );
  });

  it('a PIN or one-time code after its label, or before "is your … code", is redacted in every language redaction knows', () => {
    fc.assert(
      fc.property(
        sentence,
        codeLabel,
        fc.nat(),
        codeDigits,
        fc.boolean(),
        (before, { label, separators }, pick, { code, printed }, codeFirst) => {
          // On a line of its own: a bare "code" after a word that qualifies it (`order code`) is not a secret.
          const text = codeFirst
            ? `${before} ${printed} is your login code`
            : `${before}\n${label}${separators[pick % separators.length]}${printed}.`;
          const out = redactor.redact(text).text;
          expect(out.replace(/\D/g, '')).not.toContain(code);
          expect(out).toContain('[password]');
        },
      ),
      { numRuns: RUNS.code },
    );
  });

  /** A row of an ordinary working day: a date, a vendor, an invoice or PO id, an amount, a status. */
  const money = fc.tuple(
    fc.integer({ min: 0, max: 999_999 }),
    fc.integer({ min: 0, max: 99 }),
    fc.constantFrom('en-US', 'de-DE', 'fr-FR'),
    fc.boolean(),
  );
  const cell = fc.oneof(
    fc.integer({ min: 1, max: 99_999 }).map((n) => `INV-${n}`),
    fc.integer({ min: 1, max: 99_999 }).map((n) => `PO ${n}`),
    fc
      .tuple(fc.integer({ min: 2000, max: 2035 }), fc.integer({ min: 1, max: 99_999 }))
      .map(([y, n]) => `PO-${y}-${String(n).padStart(5, '0')}`),
    fc.integer({ min: 1, max: 9999 }).map((n) => `VB-${n}`),
    fc.integer({ min: 1, max: 9999 }).map((n) => `RCPT-${n}`),
    fc.integer({ min: 1, max: 99_999 }).map((n) => `Invoice ${n}`),
    fc.integer({ min: 1, max: 99_999_999 }).map((n) => `Order #${n}`),
    money.map(([n, c, locale, negative]) => {
      const amount = (n + c / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${negative ? '-' : ''}${amount}`;
    }),
    money.map(([n, c]) => `$${(n + c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`),
    fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toLocaleDateString('en-US')),
    fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toLocaleTimeString('en-US')),
    fc.integer({ min: 1, max: 999 }).map(String),
    fc.integer({ min: 0, max: 1000 }).map((n) => `${n / 10}%`),
    fc.integer({ min: 0, max: 9999 }).map((n) => `+1 415 555 ${String(n).padStart(4, '0')}`),
    fc.integer({ min: 0, max: 9999 }).map((n) => `****${String(n).padStart(4, '0')}`),
    fc.constantFrom(
      'Acme Supplies',
      'Globex Logistics',
      'Open',
      'Paid',
      'Reconciled',
      'Pending Approval',
      'ACH',
      'WIRE',
      'EUR',
      'Total due',
      'Qty',
    ),
  );
  const table = fc
    .array(fc.array(cell, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 8 })
    .map((rows) => rows.map((r) => r.join(' ')).join('\n'));

  it('ordinary invoice and PO ids, amounts, dates and quantities, in rows and columns, are never redacted', () => {
    fc.assert(
      fc.property(table, (text) => {
        expect(redactor.redact(text)).toEqual({ text, counts: {}, total: 0 });
      }),
      { numRuns: RUNS.ordinary },
    );
  });

  it('the demo day’s screens keep every invoice number, amount and date; only the one-time code goes', () => {
    const redacted: string[] = [];
    for (const spec of Object.values(DEMO_SCREENS)) {
      const screen = spec as { windowTitle: string; heading: string; table?: readonly (readonly string[])[]; lines?: readonly string[] };
      const text = [screen.windowTitle, screen.heading, ...(screen.table ?? []).map((row) => row.join(' ')), ...(screen.lines ?? [])].join(
        '\n',
      );
      const out = redactor.redact(text).text;
      redacted.push(...text.split('\n').filter((line, i) => out.split('\n')[i] !== line));
    }
    expect(redacted).toEqual(['one-time code: 512 804']);
  });
});
