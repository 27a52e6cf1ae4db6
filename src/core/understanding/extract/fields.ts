/**
 * A line's "Label: value" fields. OCR keeps one space between words, so several fields on a line
 * ("Amount due: $12,480.00 Due date: March 20, 2026") are told apart by their labels: a colon after a
 * word and before a space, its label the words back to the one that starts with a capital (at most
 * three), so "Due date" is a label and "$12,480.00" the value before it.
 */
export interface Field {
  /** The label as written ("Due date"). */
  readonly label: string;
  readonly value: string;
  /** Where the label starts in the line. */
  readonly index: number;
}

const LABEL_WORDS_MAX = 3;
/** Words that end a Title Case label and need the word before them ("Assigned To", "Due Date", "Client Name"). */
const LABEL_TAILS = new Set('to by with for of on at in from date name number no id time type'.split(' '));

export function fieldsOf(line: string): Field[] {
  const colons: { labelStart: number; colon: number; label: string }[] = [];
  for (const m of line.matchAll(/(?<=[\p{L})])\s*:(?=\s|$)/gu)) {
    const before = line.slice(0, m.index);
    const words = [...before.matchAll(/[\p{L}\p{N}()'’./&-]+/gu)];
    if (words.length === 0) continue;
    let first = words.length - 1;
    // Back over the words of a label: lower-case ones ("Due date") and the tails of Title Case ones ("Assigned To").
    while (
      first > 0 &&
      words.length - first < LABEL_WORDS_MAX &&
      /^\p{L}/u.test(words[first - 1]![0]) &&
      (!/^\p{Lu}/u.test(words[first]![0]) || LABEL_TAILS.has(words[first]![0].toLowerCase()))
    )
      first--;
    if (!/^\p{L}/u.test(words[first]![0])) continue;
    const start = words[first]!.index;
    const previous = colons.at(-1);
    if (previous && start <= previous.colon) continue;
    colons.push({ labelStart: start, colon: m.index + m[0].length, label: before.slice(start).trim() });
  }
  return colons.map((c, i) => ({
    label: c.label,
    value: line.slice(c.colon, colons[i + 1]?.labelStart ?? line.length).trim(),
    index: c.labelStart,
  }));
}
