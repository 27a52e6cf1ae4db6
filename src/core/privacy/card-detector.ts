import { cardNetworkPlausible, luhnValid } from './checksums';
import { asDigits, isDigit, isDigitLookalike, type Detector, type Finding } from './findings';

type Gap = 'blank' | 'dash' | 'wrap';

interface Group {
  readonly start: number;
  readonly end: number;
  readonly digits: string;
  /** What stood between this group and the one before it in its run (null for the first). */
  readonly gap: Gap | null;
}

// Runs of letters, digits and the symbols OCR reads in place of a 1.
const TOKEN = /[0-9A-Za-z|!]+/g;
// What may stand between the groups of one card number: any run of blanks (OCR and layouts add
// them), a dash (alone or with blanks on both sides), or a line break (a number cut across two lines).
const SPACE_GAP = /^[^\S\r\n]+$/;
// A dash with blanks on one side only is a minus sign or a hyphenated word, not a separator.
const DASH_GAP = /^-$|^[^\S\r\n]+-[^\S\r\n]+$/;
const WRAP_GAP = /^[^\S\r\n]*\r?\n[^\S\r\n]*$/;
/** A number cut across more lines than two is a column of numbers, not one number. */
const MAX_WRAPS = 1;

/**
 * A token that reads as a group of digits: real digits with at most one lookalike letter in three
 * (`111l`, `4O11`), so words are never taken for numbers.
 */
function asGroup(token: string, start: number, gap: Gap | null): Group | null {
  let real = 0;
  for (const ch of token) {
    if (isDigit(ch)) real++;
    else if (!isDigitLookalike(ch)) return null;
  }
  const lookalikes = token.length - real;
  // A lone lookalike may be a short last group (`4944 l`); longer groups need a real digit.
  if ((real === 0 && token.length > 1) || lookalikes > Math.max(1, Math.floor(token.length / 3))) return null;
  return { start, end: start + token.length, digits: asDigits(token), gap };
}

/** Where printed cards break between groups: every four digits, or Amex/Diners 4-6-5 and 4-6-4. */
function printedBreaks(length: number): number[][] {
  const fours = Array.from({ length: Math.ceil(length / 4) - 1 }, (_, i) => (i + 1) * 4);
  return length === 14 || length === 15 ? [fours, [4, 10]] : [fours];
}

/**
 * How many OCR errors stand between these groups and a card as printed: breaks added (`4111 11 11`)
 * and lost (`11111111`) against the nearest printing (null when more than one of either), and gaps
 * of the other kind (a space among dashes). A line break may cut the number anywhere, so the gaps
 * that are one count as neither; one run (or one cut by a line break) is printed as is.
 */
function printingErrors(groups: readonly Group[], from: number, to: number): number | null {
  let dashes = 0;
  let blanks = 0;
  const breaks: number[] = [];
  let at = 0;
  for (let k = from; k <= to; k++) {
    const group = groups[k]!;
    if (k > from && group.gap !== 'wrap') {
      breaks.push(at);
      if (group.gap === 'dash') dashes++;
      else blanks++;
    }
    at += group.end - group.start;
  }
  const mixed = Math.min(dashes, blanks);
  if (mixed > 1 || (breaks.length >= 2 && dashes === blanks)) return null;
  if (breaks.length === 0) return mixed;
  let fewest: number | null = null;
  for (const printed of printedBreaks(at)) {
    const added = breaks.filter((b) => !printed.includes(b)).length;
    const lost = printed.filter((b) => !breaks.includes(b)).length;
    // A changed separator is one error already: the groups must then be the printed ones.
    if (added <= 1 && lost <= 1 && (mixed === 0 || added + lost === 0)) fewest = Math.min(fewest ?? Infinity, added + lost + mixed);
  }
  return fewest;
}

function gapKind(gap: string): Gap | null {
  if (SPACE_GAP.test(gap)) return 'blank';
  if (DASH_GAP.test(gap)) return 'dash';
  return WRAP_GAP.test(gap) ? 'wrap' : null;
}

/** Runs of digit groups separated only by blanks, dashes or a line break, each group knowing the gap before it. */
function groupRuns(text: string): Group[][] {
  const runs: Group[][] = [];
  let run: Group[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const previous = run.length > 0 ? run[run.length - 1]! : null;
    const gap = previous ? gapKind(text.slice(previous.end, m.index)) : null;
    const group = asGroup(m[0], m.index, gap);
    if (group && gap) {
      run.push(group);
      continue;
    }
    if (run.length > 0) runs.push(run);
    run = group ? [group.gap === null ? group : { ...group, gap: null }] : [];
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Two OCR errors in one number at most: a stray break and a lost one (a changed separator comes alone). */
const MAX_PRINTING_ERRORS = 2;

/** What groups `from`..`to` of a run are: a card by its check digit, a card a misread digit broke (`near`), or neither. */
function judgeWindow(run: readonly Group[], from: number, to: number, digits: string): 'valid' | 'near' | null {
  if (digits.length < 13 || digits.length > 19 || !cardNetworkPlausible(digits)) return null;
  let wraps = 0;
  for (let k = from + 1; k <= to; k++) if (run[k]!.gap === 'wrap') wraps++;
  if (wraps > MAX_WRAPS) return null;
  const errors = printingErrors(run, from, to);
  if (errors === null || errors > MAX_PRINTING_ERRORS) return null;
  if (luhnValid(digits)) return 'valid';
  // Luhn catches every misread digit, so it cannot tell a card OCR garbled from another number:
  // the printing must say card. Groups exactly where a card has them, at least three, on one line.
  return errors === 0 && to - from >= 2 && wraps === 0 ? 'near' : null;
}

/**
 * Payment card numbers: 13-19 digits printed as a card is, with the prefix and
 * length of a card network and a valid Luhn check digit, tolerant of OCR noise (`O` for 0, `l` for 1,
 * blanks added inside or between groups, a line break: `grouping`). A number printed exactly as a card, on one
 * line, is taken even when its check digit fails (one digit misread): a false positive costs little.
 * The longest match in a run wins, a valid one before a near one.
 */
export const detectCards: Detector = (text) => {
  const findings: Finding[] = [];
  for (const run of groupRuns(text)) {
    let i = 0;
    while (i < run.length) {
      let valid: { end: number; last: number } | null = null;
      let near: { end: number; last: number } | null = null;
      let digits = '';
      for (let j = i; j < run.length && digits.length < 19; j++) {
        digits += run[j]!.digits;
        const verdict = judgeWindow(run, i, j, digits);
        if (verdict === 'valid') valid = { end: run[j]!.end, last: j };
        else if (verdict === 'near') near = { end: run[j]!.end, last: j };
      }
      const best = valid ?? near;
      if (best) {
        findings.push({ start: run[i]!.start, end: best.end, kind: 'card' });
        i = best.last + 1;
      } else {
        i++;
      }
    }
  }
  return findings;
};
