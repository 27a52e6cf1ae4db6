import type { Field } from './fields';

/**
 * Amounts and dates with the label that says what they are: the field's label ("Amount due:
 * $12,480.00"), else the words just before them ("Total due 12,480.00"), else a table row's own name
 * ("IT Services 240,000 251,300 -11,300").
 */
export interface FoundFigure {
  readonly kind: 'amount' | 'date';
  readonly index: number;
  readonly name: string;
  readonly key: string;
  readonly label: string;
}

const CURRENCY = String.raw`(?:[$€£¥₹]|(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|INR|SEK|NOK|DKK)\s?)`;
/** 12,480.00 · $12,480 · -11,300 · 842.19 · $450 · USD 1,200 · (1,200.00) */
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,:/-])\(?-?${CURRENCY}?\s?-?(?:\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+\.\d{2}|(?<=${CURRENCY}\s?)\d+(?:\.\d{1,2})?)\)?(?:\s?(?:USD|EUR|GBP|CAD|AUD|CHF|k|K|m|M)\b)?(?![\p{L}\p{N}]|[.,:/]\d)`,
  'gu',
);

/** 12% · 3.5 % — a rate or a discount, kept as an amount whose name ends in "%". */
const PERCENT = /(?<![\p{L}\p{N}.,])\d{1,3}(?:\.\d{1,2})?\s?%/gu;

const MONTH = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|Jun(?:e)?|Jul(?:y)?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
const WEEKDAY = String.raw`(?:Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:nesday)?|Thu(?:rs(?:day)?)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)`;
const CLOCK = String.raw`\d{1,2}(?::\d{2})?\s?(?:[AaPp]\.?[Mm]\.?)|\d{1,2}:\d{2}`;
const DATE = new RegExp(
  [
    String.raw`\b\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2})?\b`,
    String.raw`\b(?:${WEEKDAY},?\s+)?${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?(?:,?\s+(?:at\s+)?(?:${CLOCK}))?\b`,
    String.raw`\b(?:${WEEKDAY},?\s+)?\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}\.?(?:,?\s+\d{4})?(?:,?\s+(?:at\s+)?(?:${CLOCK}))?\b`,
    String.raw`\b\d{1,2}/\d{1,2}/\d{2,4}\b`,
    String.raw`\b${WEEKDAY}\.?\s+(?:at\s+)?(?:${CLOCK})`,
  ].join('|'),
  'gu',
);
const LABELLED_CLOCK = new RegExp(String.raw`(?<![\d:])(?:${CLOCK})(?:\s?[-–]\s?(?:${CLOCK}))?(?![\d:])`, 'gu');
/** Words of a deadline that name no calendar day ("EOD", "end of day", "tomorrow"): kept only as a labelled value. */
const RELATIVE_DAY =
  /\b(?:today|tomorrow|tonight|end of (?:the )?(?:day|week|month)|eod|eow|cob|next (?:week|month|monday|tuesday|wednesday|thursday|friday)|this (?:week|friday))\b/giu;

const LABEL_WORDS_MAX = 4;

/** The words at the end of `before`, back to a number, a colon or a bar: "Total due", "IT Services". */
function wordsBefore(before: string): string {
  const last = before.split(/[:|]/).at(-1)!;
  const tail = /((?:[\p{L}][\p{L}\p{N}&'’./-]*\s*){1,4})[\s(–-]*$/u.exec(last)?.[1] ?? '';
  return tail.trim().split(/\s+/).filter(Boolean).slice(-LABEL_WORDS_MAX).join(' ');
}

function labelAt(line: string, index: number, fields: readonly Field[]): string {
  const field = [...fields].reverse().find((f) => f.index <= index);
  const colon = field ? line.indexOf(':', field.index + field.label.length - 1) : -1;
  if (field && colon !== -1 && colon < index) return (wordsBefore(line.slice(colon + 1, index)) || field.label).toLowerCase();
  const direct = wordsBefore(line.slice(0, index));
  if (direct) return direct.toLowerCase();
  // A table row: its first words name it ("IT Services 240,000 …").
  return (/^\s*((?:[\p{L}][\p{L}\p{N}&'’.-]*\s+){1,4})/u.exec(line)?.[1] ?? '').trim().toLowerCase();
}

const amountKey = (text: string): string => {
  const negative = /^\(|-/.test(text.trim());
  const digits = text.replace(/[^\d.]/g, '');
  const value = Number.parseFloat(digits);
  const scaled = /k\b/i.test(text) ? value * 1000 : /\bm\b|\dM\b/.test(text) ? value * 1e6 : value;
  return `${negative ? '-' : ''}${Number.isFinite(scaled) ? scaled.toFixed(2) : digits}`;
};

/** The amounts and dates of one line, in order. */
export function figuresIn(line: string, fields: readonly Field[]): FoundFigure[] {
  const found: FoundFigure[] = [];
  const taken = (index: number, length: number): boolean => found.some((f) => index < f.index + f.name.length && f.index < index + length);
  for (const m of line.matchAll(DATE)) {
    const name = m[0].trim();
    found.push({ kind: 'date', index: m.index, name, key: name.toLowerCase().replace(/\s+/g, ' '), label: labelAt(line, m.index, fields) });
  }
  // A clock time or a relative day is a date only where a label says what it is ("Start: 10:30 AM", "Due: EOD").
  for (const field of fields) {
    const at = line.indexOf(field.value, field.index);
    for (const pattern of [LABELLED_CLOCK, RELATIVE_DAY]) {
      for (const m of field.value.matchAll(pattern)) {
        if (taken(at + m.index, m[0].length)) continue;
        found.push({
          kind: 'date',
          index: at + m.index,
          name: m[0].trim(),
          key: m[0].trim().toLowerCase(),
          label: field.label.toLowerCase(),
        });
      }
    }
  }
  for (const m of line.matchAll(PERCENT)) {
    const name = m[0].replace(/\s/g, '');
    found.push({ kind: 'amount', index: m.index, name, key: name, label: labelAt(line, m.index, fields) });
  }
  for (const m of line.matchAll(AMOUNT)) {
    const name = m[0].trim();
    if (taken(m.index, m[0].length) || !/\d/.test(name)) continue;
    found.push({ kind: 'amount', index: m.index, name, key: amountKey(name), label: labelAt(line, m.index, fields) });
  }
  return found.sort((a, b) => a.index - b.index);
}
