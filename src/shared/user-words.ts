import type { ImmediateContextView } from './contract/observation';
import type { SyncShareKind } from './contract/sync';

/*
 * The words a person reads where the code has its own (docs/architecture.md, "What a person reads"):
 * the window shows settings by these names, never by their keys, and counts of text in words, never in
 * tokens.
 */

/** Each setting a sentence of the engine may name, as a person calls it; a test keeps it whole against the settings schema. */
export const SETTING_NAMES: Readonly<Record<string, string>> = {
  captureIntervalSec: 'Seconds between screenshots',
  pollIntervalMs: 'How often the focused window is checked',
  idleAfterSec: 'Idle after (seconds without input)',
  frameBufferSize: 'Recent screenshots kept in memory',
  dedupMinChange: 'How much of the screen must change',
  keepScreenshots: 'Keep screenshots',
  captureMonitors: 'Monitors captured',
  ocrEnabled: 'Read text on screen',
  mcpAllowImages: 'Let agents see screenshots',
  retentionDays: 'Days kept',
  storageCapMb: 'Storage limit',
  framesRetentionDays: 'Days screenshots are kept',
  screenTextRetentionDays: 'Days screen text is kept',
  outputRetentionDays: 'Days outputs are kept',
  allowedRoots: 'Folders the assistant may read',
  questionMinIntervalMin: 'Minutes between questions',
  localOnly: 'Local only',
  storeKeyFile: 'Key file of the encrypted store',
  baseUrl: 'Model address',
  textModel: 'Model',
  visionModel: 'Model for screenshots',
  timeoutMs: 'Model time limit',
  deviceName: 'Name of this computer',
  intervalSec: 'Minutes between syncs',
};

/** What each kind of shared memory is called (the sync setting `share`). */
export const SHARE_KIND_NAMES: Readonly<Record<SyncShareKind, string>> = {
  activity: 'activity',
  memory: 'memory',
  screenText: 'screen text',
  conversations: 'conversations',
};

type ChangeKind = NonNullable<ImmediateContextView['lastSignificantChange']>['kind'];

/** The last change the shadow noticed, named as a person would (its sentence says the rest). */
export const CHANGE_KIND_NAMES: Readonly<Record<ChangeKind, string>> = {
  'app-switch': 'new app',
  'title-change': 'new window',
  'visual-change': 'screen changed',
};

/** What a device shares, as a person reads it: "activity, memory, screen text and conversations". */
export function sharedKindsText(kinds: readonly SyncShareKind[]): string {
  const names = kinds.map((kind) => SHARE_KIND_NAMES[kind]);
  if (names.length <= 1) return names[0] ?? 'nothing';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const settingKey = new RegExp(`\\b(the )?(${Object.keys(SETTING_NAMES).join('|')})\\b( setting)?`, 'g');

/**
 * A sentence of the engine (written for every surface: the API and the CLI name settings by key) in the
 * window's words: "the keepScreenshots setting is off" reads "“Keep screenshots” is off".
 */
export function inUserWords(sentence: string): string {
  return sentence.replace(settingKey, (_match, the: string | undefined, key: string, setting: string | undefined) =>
    // "the keepScreenshots setting" is the setting's name alone; a bare key keeps the words around it.
    the && setting ? `“${SETTING_NAMES[key]}”` : `${the ?? ''}“${SETTING_NAMES[key]}”${setting ?? ''}`,
  );
}

/**
 * How much text `tokens` tokens are, in words (a token of English is about three quarters of a word):
 * "about 190 words", rounded to a figure that does not pretend to be exact.
 */
export function aboutWords(tokens: number): string {
  const words = (tokens * 3) / 4;
  const rounded =
    words < 100 ? Math.max(1, Math.round(words / 5) * 5) : words < 1000 ? Math.round(words / 10) * 10 : Math.round(words / 100) * 100;
  return `about ${rounded.toLocaleString()} ${rounded === 1 ? 'word' : 'words'}`;
}
