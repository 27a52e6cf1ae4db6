import { describe, expect, it } from 'vitest';
import { cardNetworkPlausible, ibanValid, luhnValid, spanishIdValid, ukNinoValid, usSsnValid } from '../../src/core/privacy/checksums';
import { redactionSettingsSchema, type RedactionSettings } from '../../src/core/config/redaction-settings';
import { createRedactor } from '../../src/core/privacy/redactor';
import { SAMPLE_AWS_KEY, SAMPLE_CARD, SAMPLE_IBAN, SAMPLE_IBAN_COMPACT } from '../helpers/secret-samples';

const redactor = (settings: Partial<RedactionSettings> = {}) => createRedactor(redactionSettingsSchema.parse(settings));
const redact = (text: string): string => redactor().redact(text).text;

describe('check digits and shape rules', () => {
  it('Luhn accepts published test cards and rejects a changed digit', () => {
    for (const card of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '3530111333300000']) {
      expect(luhnValid(card), card).toBe(true);
      expect(cardNetworkPlausible(card), card).toBe(true);
    }
    expect(luhnValid('4111111111111112')).toBe(false);
    // Valid Luhn, but no card network starts with 9 or has 12 digits.
    expect(cardNetworkPlausible('9111111111111111')).toBe(false);
    expect(cardNetworkPlausible('411111111111')).toBe(false);
  });

  it('mod-97 accepts IBANs of several countries and rejects a changed digit or a wrong length', () => {
    for (const iban of [
      SAMPLE_IBAN_COMPACT,
      'GB82WEST12345698765432',
      'FR1420041010050500013M02606',
      'NL91ABNA0417164300',
      'BE68539007547034',
    ]) {
      expect(ibanValid(iban), iban).toBe(true);
    }
    expect(ibanValid('DE89370400440532013001')).toBe(false);
    expect(ibanValid('DE8937040044053201300')).toBe(false);
  });

  it('national ids follow their rules', () => {
    expect(usSsnValid('123', '45', '6789')).toBe(true);
    for (const [area, group, serial] of [
      ['000', '45', '6789'],
      ['666', '45', '6789'],
      ['912', '45', '6789'],
      ['123', '00', '6789'],
      ['123', '45', '0000'],
    ] as const) {
      expect(usSsnValid(area, group, serial)).toBe(false);
    }
    expect(spanishIdValid('12345678Z')).toBe(true);
    expect(spanishIdValid('12345678A')).toBe(false);
    expect(spanishIdValid('X1234567L')).toBe(true);
    expect(ukNinoValid('AB123456C')).toBe(true);
    expect(ukNinoValid('GB123456C')).toBe(false);
    expect(ukNinoValid('AB123456E')).toBe(false);
  });
});

describe('redaction', () => {
  it('replaces a card, an IBAN and an access key with typed placeholders and keeps the text around them', () => {
    const mail = `Hi Dana, please charge ${SAMPLE_CARD} and refund to ${SAMPLE_IBAN} today. The deploy key is ${SAMPLE_AWS_KEY}. Thanks!`;
    const result = redactor().redact(mail);
    expect(result.text).toBe('Hi Dana, please charge [card] and refund to [iban] today. The deploy key is [secret]. Thanks!');
    expect(result.counts).toEqual({ card: 1, iban: 1, secret: 1 });
    expect(result.total).toBe(3);
  });

  it('finds card numbers as OCR reads them: dashes, no spaces, O for 0, l for 1, a stray space in a group', () => {
    for (const card of [
      '4111-1111-1111-1111',
      '4111111111111111',
      '4111 1111 1111 111l',
      '5555 5555 5555 4444',
      '5555 5555 5555 4444',
      '3782 822463 10005',
      '6O11 1111 1111 1117',
      '4111 1111 11 11 1111',
      '4111 11111111 1111',
    ]) {
      expect(redact(`Card: ${card} exp 12/27`), card).toBe('Card: [card] exp 12/27');
    }
  });

  it('keeps ordinary numbers: totals, dates, times, phone numbers, order numbers and Luhn-valid numbers printed otherwise', () => {
    for (const text of [
      'Invoice 4471 total $12,345.67 due 2026-03-14 at 10:32',
      'Call +1 415 555 0132 or 020 7946 0958',
      'Order #100045 shipped 14.03.2026, tracking 1Z999AA10123456784',
      'Q1 revenue 1 234 567,89 EUR, up 12.5%',
      'Shipping: 4.99 and Handling: 2.00',
      '2026-03-14 4471 1234 5678',
      // Luhn-valid, but printed as a date and a time, not as a card.
      '4111-11-11 11:11:11',
    ]) {
      expect(redact(text), text).toBe(text);
    }
  });

  it('finds IBANs grouped or not, read with O for 0, and stops where the IBAN ends', () => {
    expect(redact(`IBAN: ${SAMPLE_IBAN} (Commerzbank)`)).toBe('IBAN: [iban] (Commerzbank)');
    expect(redact(`IBAN ${SAMPLE_IBAN_COMPACT}.`)).toBe('IBAN [iban].');
    expect(redact('IBAN DE89 37O4 OO44 O532 O13O OO')).toBe('IBAN [iban]');
    // Check digits OCR could not read: the account number still goes.
    expect(redact('refund to IBAN DES&9 3704 0044 0532 0130 00 today')).toBe('refund to IBAN [iban] today');
    expect(redact('refund to [BAN DES 3704 0044 0532 0130 00 today')).toBe('refund to [BAN [iban] today');
    expect(redact('to GB82 WEST 1234 5698 7654 32 by Friday')).toBe('to [iban] by Friday');
    // One character misread: mod-97 fails, the printing still says IBAN, and it goes (a false positive costs little).
    expect(redact('IBAN DE89 3704 0044 0532 0130 01')).toBe('IBAN [iban]');
    // Not the country's length, or blanks where an IBAN has none: it stays.
    for (const text of ['ref DE89 3704 0044 0532 0130 x', 'ref DE12 345 6789 012 3456 7890 x', 'at 2026 0314 1030 1234 56 today']) {
      expect(redact(text), text).toBe(text);
    }
  });

  it('stops the attacks of issue 25: spacing, line breaks, lower case, one misread character, PINs, misread labels', () => {
    const cases: [string, string][] = [
      ['card 4111 1111\n1111 1111 expires 09/28', 'card [card] expires 09/28'],
      ['card 4111   1111   1111   1111 ok', 'card [card] ok'],
      ['card 4111 1111 1111 1112 ok', 'card [card] ok'],
      [`IBAN ${SAMPLE_IBAN.replace(/ /g, '  ')} ok`, 'IBAN [iban] ok'],
      [`IBAN ${SAMPLE_IBAN.toLowerCase()} ok`, 'IBAN [iban] ok'],
      ['IBAN DE89 3704 0044 0532\n0130 00 ok', 'IBAN [iban] ok'],
      ['IBAN DE89 3704 0044 0582 0130 00 ok', 'IBAN [iban] ok'],
      ['IBAN DE89 37O4 OO44 O532 O13O OO ok', 'IBAN [iban] ok'],
      ['PIN 4821 for the card', 'PIN [password] for the card'],
      ['one-time code: 512 804', 'one-time code: [password]'],
      ['Your verification code is 482913.', 'Your verification code is [password].'],
      ['482913 is your login code', '[password] is your login code'],
      ['TAN 123456', 'TAN [password]'],
      ['passw0rd: hunter2', 'passw0rd: [password]'],
      ['Pasword: Sommer2026!', 'Pasword: [password]'],
      ['Pa55word = S3cret!x', 'Pa55word = [password]'],
      ['Pass word: abc123', 'Pass word: [password]'],
      ['Kennwrt: geheim99', 'Kennwrt: [password]'],
    ];
    for (const [text, expected] of cases) expect(redact(text), text).toBe(expected);
    // Real words next to a label, and codes a qualifier makes harmless, stay.
    for (const text of [
      'Passport: X1234',
      'Kennwert: 42',
      'Zip code: 94103',
      'Postcode: 12345',
      'Error code: 4040',
      'Passed: 124 Failed: 3',
      'Visual Studio Code 2022',
    ]) {
      expect(redact(text), text).toBe(text);
    }
  });

  it('finds national ids by their rules and leaves look-alikes', () => {
    expect(redact('SSN 123-45-6789, NI AB 12 34 56 C, DNI 12345678Z')).toBe('SSN [national-id], NI [national-id], DNI [national-id]');
    expect(redact('SSN: 123456789')).toBe('SSN: [national-id]');
    expect(redact('Part 000-12-3456, ref 912-34-5678, DNI 12345678A')).toBe('Part 000-12-3456, ref 912-34-5678, DNI 12345678A');
  });

  it('finds cloud and API keys, tokens, JWTs and PEM private keys', () => {
    const secrets = [
      SAMPLE_AWS_KEY,
      'ASIAY34FZKBOKMUTVV7A',
      'ghp_1234567890abcdefghijABCDEFGHIJ123456',
      'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
      'glpat-abcdefghij0123456789',
      'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp',
      'sk-proj-abc123DEF456ghi789JKL012mno',
      'sk-ant-api03-abcdefghijklmnopqrstuvwx',
      'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
      'AIzaSyA-1234567890abcdefghijklmnopqrstu',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ];
    for (const secret of secrets) expect(redact(`token ${secret} here`), secret).toBe('token [secret] here');
    expect(redact('key AKIA IOSFODNN7EXAMPLE here')).toBe('key [secret] here');
    // OCR dropped a character.
    expect(redact('key AKIAIOSFODNNEXAMPLE here')).toBe('key [secret] here');
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA0Z3VS5JJcds3xfn\n-----END RSA PRIVATE KEY-----';
    expect(redact(`id_rsa:\n${pem}\nnext line`)).toBe('id_rsa:\n[secret]\nnext line');
    // A screen cut before the END line: everything after BEGIN goes.
    expect(redact('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA')).toBe('[secret]');
    expect(redact('Authorization: Bearer abcdefghijklmnop1234')).toBe('Authorization: Bearer [secret]');
    expect(redact('postgres://app:s3cretpw@db.internal:5432/prod')).toBe('postgres://app:[password]@db.internal:5432/prod');
  });

  it('replaces the value of password and key pairs, and keeps labels, masks and ordinary words', () => {
    expect(redact('password: hunter2')).toBe('password: [password]');
    expect(redact('PIN = 4821, Passwort: Sommer2026!')).toBe('PIN = [password], Passwort: [password]');
    expect(redact('DB_PASSWORD=correct-horse')).toBe('DB_PASSWORD=[password]');
    expect(redact('"client_secret": "Zx81kQ0pLm"')).toBe('"client_secret": "[secret]"');
    expect(redact('OPENAI_API_KEY=abc123def456ghi789')).toBe('OPENAI_API_KEY=[secret]');
    for (const text of ['Password: ********', 'Password: Forgot?', 'token: expired', 'Shipping: 12.00', 'Passport: X1234']) {
      expect(redact(text), text).toBe(text);
    }
  });

  it('merges overlapping findings so no part of a number is left', () => {
    expect(redact(`password: ${SAMPLE_CARD}`)).toBe('password: [card]');
  });

  it('applies the user’s own words and patterns, with their labels', () => {
    const custom = redactor({ words: ['Contoso', 'Acme Supplies'], patterns: [{ pattern: 'PRJ-\\d{4}', label: 'project' }] });
    const result = custom.redact('Acme Supplies and contoso.com on PRJ-1234; Contosoville stays');
    expect(result.text).toBe('[redacted] and [redacted].com on [project]; Contosoville stays');
    expect(result.counts).toEqual({ custom: 3 });
  });

  it('follows the settings: kinds can be turned off, and redaction as a whole', () => {
    const text = `${SAMPLE_CARD} ${SAMPLE_AWS_KEY}`;
    expect(redactor({ kinds: ['secret'] }).redact(text).text).toBe(`${SAMPLE_CARD} [secret]`);
    expect(redactor({ enabled: false, words: ['Dana'] }).redact(`${text} Dana`).text).toBe(`${text} Dana`);
  });

  it('is idempotent: redacted text has nothing left to redact', () => {
    const once = redact(`card ${SAMPLE_CARD} password: hunter2 key ${SAMPLE_AWS_KEY}`);
    expect(redactor().redact(once)).toEqual({ text: once, counts: {}, total: 0 });
  });

  it('refuses an invalid user pattern in the settings with a clear message', () => {
    const parsed = redactionSettingsSchema.safeParse({ patterns: [{ pattern: '([unclosed' }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('not a valid regular expression');
  });
});
