/**
 * Text made safe to store and to show: the one sanitiser for names and titles, whoever wrote them (a
 * window, a client over HTTP, IPC or MCP, a model, another device through the sync folder).
 *
 * What goes are characters that never show but change what a text says or how it displays: controls
 * (Cc: NUL, ESC and the other C0 and C1 codes), format characters (Cf: the bidi overrides, embeddings,
 * isolates and marks that flip "invoice‮fdp.exe" into "invoiceexe.pdf", zero-width spaces and joiners,
 * the soft hyphen, the BOM, the tag characters that spell hidden words), private-use characters (Co),
 * lone surrogates (Cs: with the `u` flag a surrogate only matches when it is unpaired), noncharacters,
 * and the Hangul fillers fonts draw as blanks (a "name" of nothing but those looks empty). Line breaks
 * and tabs become a space in a one-line name, and are kept in multi-line text.
 *
 * The cost of one rule for all: emoji sequences joined with a zero-width joiner fall apart into their
 * parts, and a flag of a region (tag characters) shows as its black flag.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Noncharacter_Code_Point}\u115f\u1160\u3164\uffa0]/gu;
/** Line and paragraph breaks, and tabs: whitespace a one-line name cannot hold. */
const BREAKS = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Line breaks of multi-line text, in any convention, as `\n`. */
const LINE_BREAKS = /\r\n|[\v\f\r\u0085\u2028\u2029]/g;
const KEPT_IN_TEXT = new Set(['\n', '\t']);

/** A one-line name or title as it may be stored and shown: nothing invisible, breaks as spaces. */
export function safeName(text: string): string {
  return text.replace(BREAKS, ' ').replace(INVISIBLE, '');
}

/** Multi-line text (screen text, a summary) as it may be stored and shown: lines and tabs kept, nothing invisible. */
export function safeText(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(INVISIBLE, (ch) => (KEPT_IN_TEXT.has(ch) ? ch : ''));
}

/** Whether `text` holds a character `safeName` would remove or change (for what must be refused, not cleaned: paths). */
export function hasUnsafeCharacters(text: string): boolean {
  return safeName(text) !== text;
}

export const UNSAFE_CHARACTER_MESSAGE = 'contains an invisible character (a control, format, bidi, private-use or tag character)';
