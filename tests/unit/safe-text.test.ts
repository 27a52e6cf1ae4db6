import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminalText } from '../../src/cli/format';
import { hasUnsafeCharacters, safeName, safeText } from '../../src/shared/safe-text';

/** Every character class the sanitiser must remove (issue 25, point 4). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Noncharacter_Code_Point}\u115f\u1160\u3164\uffa0]/u;
const BREAKS = /[\n\r\t\v\f\u0085\u2028\u2029]/;

/** What attackers put in names: NUL, BOM, soft hyphen, tag characters, a lone surrogate, bidi overrides and isolates, private use. */
const hiddenCharacter = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u009b',
  '\ufeff',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2069',
  '\u061c',
  '\u{e0001}',
  '\u{e0041}',
  '\u{e007f}',
  // Lone surrogates: a high one kept from pairing with a low one by the NUL after it.
  '\ud800\u0000',
  '\udfff',
  '\ue000',
  '\u{f0000}',
  '\ufffe',
  '\u3164',
);
/** Visible text in several scripts, emoji (no joiner) and punctuation. */
const visible = fc.string({
  unit: fc.constantFrom(...'Ledger 2026 Q3 — budget.xlsx Ünïcødé 日本語 مرحبا שלום😀✓€$()[]-_/:'.split(/(?:)/u)),
  maxLength: 40,
});

describe('safeName and safeText', () => {
  it('leave nothing invisible and no line break in a name, whatever the input (any code unit, lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const name = safeName(text);
        expect(name).not.toMatch(INVISIBLE);
        expect(name).not.toMatch(BREAKS);
        expect(hasUnsafeCharacters(name)).toBe(false);
        expect(safeName(name)).toBe(name);
        const multiLine = safeText(text);
        expect(multiLine.replace(/[\n\t]/g, '')).not.toMatch(INVISIBLE);
        expect(safeText(multiLine)).toBe(multiLine);
      }),
      { numRuns: 2000 },
    );
  });

  it('keep every visible character, in order, wherever hidden ones were planted', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(visible, fc.array(hiddenCharacter, { maxLength: 3 }))), (parts) => {
        const planted = parts.map(([words, hidden]) => words + hidden.join('')).join('');
        const words = parts.map(([w]) => w).join('');
        expect(safeName(planted)).toBe(words);
        expect(safeText(planted)).toBe(words);
        expect(hasUnsafeCharacters(planted)).toBe(parts.some(([, hidden]) => hidden.length > 0));
      }),
      { numRuns: 2000 },
    );
  });

  it('turn breaks into spaces in a name and keep lines and tabs in text', () => {
    expect(safeName('Ledger\r\n2026\tQ3\u2028x')).toBe('Ledger 2026 Q3 x');
    expect(safeText('line one\r\nline two\rthree\u2029four\tcell\u0000')).toBe('line one\nline two\nthree\nfour\tcell');
    expect(safeName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });
});

describe('terminalText', () => {
  const ESC = '\u001b';
  /** Escape sequences as stored text could carry them: CSI (7- and 8-bit), OSC to BEL or ST, DCS, APC, short escapes, cut ones. */
  const escapeSequence = fc.oneof(
    fc
      .tuple(fc.constantFrom(`${ESC}[`, '\u009b'), fc.string({ unit: fc.constantFrom(...'0123456789;?'.split('')), maxLength: 8 }))
      .chain(([intro, params]) => fc.constantFrom(...'mHJKABCDhlsu'.split('')).map((final) => `${intro}${params}${final}`)),
    fc
      .tuple(
        fc.constantFrom(`${ESC}]`, '\u009d', `${ESC}P`, `${ESC}_`, `${ESC}^`, `${ESC}X`),
        fc.constantFrom('\u0007', `${ESC}\\`, '\u009c'),
      )
      .chain(([intro, end]) =>
        fc.string({ unit: fc.constantFrom(...'0;2 52c:payloadABC='.split('')), maxLength: 20 }).map((body) => `${intro}${body}${end}`),
      ),
    fc.constantFrom(`${ESC}c`, `${ESC}7`, `${ESC}8`, `${ESC}(B`, `${ESC}#8`, '\r', '\u0008', '\u0007', '\u007f'),
  );
  // eslint-disable-next-line no-control-regex
  const TERMINAL_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}]/u;

  it('removes every escape sequence whole and keeps the words around it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(visible, escapeSequence), { maxLength: 6 }), visible, (parts, last) => {
        const out = terminalText(parts.map(([words, seq]) => words + seq).join('') + last);
        expect(out).not.toMatch(TERMINAL_UNSAFE);
        expect(out).not.toContain('payload');
        // A carriage return becomes a line break; nothing else is added.
        expect(out.replace(/\n/g, '')).toBe(parts.map(([w]) => w).join('') + last);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves nothing a terminal acts on, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
        expect(terminalText(text)).not.toMatch(TERMINAL_UNSAFE);
      }),
      { numRuns: 2000 },
    );
  });
});
