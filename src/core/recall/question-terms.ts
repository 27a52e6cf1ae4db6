/**
 * The words of a question that name what it is about ("outlook", "bank", "portal", "4471", "q3"),
 * without the words every question has (who, did, I, the, today, roughly), and how those words
 * match app names, window titles and text: by word start (so "invoices" finds "Invoice-4471.pdf")
 * and through the everyday names people give apps ("email" for Outlook, "the browser" for Chrome).
 */

const FILLER = new Set(
  `a an the this that these those my our your his her their its me i we you he she they it them us
  what which who whom whose when where why how whats was were is are am be been being do did does done doing have has had
  having can could would should will shall may might must let lets please tell show give find list know say said
  in on at of to for from with by about into onto over under after before during between since until till up down out off
  and or but not no nor so than then also just only very really quite
  time times long much many spent spend spending spent working work worked doing do
  today yesterday tonight morning afternoon evening night noon week month day days hour hours minute minutes lunch lunchtime
  roughly approximately approx around about exactly total overall altogether so far all any some
  see saw seen look looked looking read open opened check checked view viewed use used using go went
  first last latest recent recently earlier later ago now there here get got take took takes make made
  active activity busy computer anything something everything stuff most least more often usually mostly
  should next switch switched switching often so`.split(/\s+/),
);

/** Everyday names for kinds of apps and windows: a question's word on the left finds any of these. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  email: ['outlook', 'mail', 'thunderbird', 'gmail', 'inbox'],
  emails: ['outlook', 'mail', 'thunderbird', 'gmail', 'inbox'],
  mail: ['outlook', 'mail', 'thunderbird', 'gmail', 'inbox'],
  mails: ['outlook', 'mail', 'thunderbird', 'gmail', 'inbox'],
  browser: ['chrome', 'firefox', 'edge', 'safari', 'brave', 'chromium'],
  web: ['chrome', 'firefox', 'edge', 'safari', 'brave', 'chromium'],
  spreadsheet: ['excel', 'sheets', 'calc', 'numbers', 'xlsx'],
  spreadsheets: ['excel', 'sheets', 'calc', 'numbers', 'xlsx'],
  chat: ['slack', 'teams', 'discord'],
  messages: ['slack', 'teams', 'discord'],
  pdf: ['acrobat', 'pdf', 'preview'],
  pdfs: ['acrobat', 'pdf', 'preview'],
  calendar: ['calendar', 'outlook'],
  terminal: ['terminal', 'konsole', 'iterm', 'xterm'],
  editor: ['code', 'vim', 'emacs', 'sublime', 'intellij'],
};

/** Lower-case words, numbers and codes (`inv-4471`, `#finance`, `q3`) of a text. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/#?[\p{L}\p{N}]+(?:[-.'’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/['’]s$/, ''));
}

/** The content words of a question, in order, each once. */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    if (FILLER.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    if (!terms.includes(word)) terms.push(word);
  }
  return terms;
}

/** A crude English stem, enough to match "invoices" with "invoice" and "reconciling" with "reconcile". */
export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  return word.replace(/(ings?|ed|es|s|e)$/, '');
}

/** Whether `term` (a question's word) names something in `text`: a word starting with its stem, or a synonym. */
export function termMatches(term: string, text: string): boolean {
  const tokens = words(text);
  const wanted = [term, ...(SYNONYMS[term] ?? [])].map(stem);
  return tokens.some((token) => wanted.some((w) => token.startsWith(w) || token.replace(/^#/, '').startsWith(w.replace(/^#/, ''))));
}

/** The share of `terms` that `text` matches (0 when there are none). */
export function coverage(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  return terms.filter((t) => termMatches(t, text)).length / terms.length;
}

/** The terms to search screen text for: each word, and for a synonym the names it stands for. */
export function searchWords(terms: readonly string[]): string[] {
  return [...new Set(terms.flatMap((t) => (SYNONYMS[t] ? [t, ...SYNONYMS[t]] : [t])))];
}
