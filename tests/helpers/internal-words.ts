import type { z } from 'zod';
import { settingsSchema } from '../../src/core/config/settings';
import { immediateContextSchema, SYNC_SHARE_KINDS } from '../../src/shared/contract/index';

/*
 * Words of the code that must never reach a person in the window (docs/architecture.md, "What a person
 * reads"): settings keys, engine words, token counts, and what a bug leaks (undefined, NaN).
 */

/** Every key of the settings, nested ones too (`llm.textModel` as `textModel`). */
function keysOf(schema: z.ZodType): string[] {
  const def = (schema as { def?: { type?: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> } }).def;
  if (!def) return [];
  if (def.type === 'object' && def.shape) return Object.entries(def.shape).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return def.innerType ? keysOf(def.innerType) : [];
}

/** Keys of more than one word (camelCase): never an ordinary word a title or a reply could hold. */
export const SETTING_KEYS: readonly string[] = [...new Set(keysOf(settingsSchema))].filter((key) => /[a-z][A-Z]/.test(key));

const words = (list: readonly string[]): RegExp[] => list.map((w) => new RegExp(`\\b${w}\\b`));

/** The kinds of change the observer reports (`app-switch`, …): identifiers, never words. */
const CHANGE_KINDS: readonly string[] = immediateContextSchema.shape.lastSignificantChange.unwrap().shape.kind.options;

/** What must not be read anywhere in the window, each with what a person reads instead. */
export const INTERNAL_WORDS: readonly { readonly pattern: RegExp; readonly instead: string }[] = [
  ...words(SETTING_KEYS).map((pattern) => ({ pattern, instead: 'the setting’s name (src/shared/user-words.ts)' })),
  ...words(SYNC_SHARE_KINDS.filter((kind) => /[A-Z]/.test(kind))).map((pattern) => ({ pattern, instead: 'screen text' })),
  ...words(CHANGE_KINDS).map((pattern) => ({ pattern, instead: 'the change in words (“new app”)' })),
  { pattern: /\b[\d,.]+\s*tokens?\b/i, instead: 'about N words' },
  { pattern: /\bLLM\b/i, instead: 'model' },
  { pattern: /\bengines?\b/i, instead: 'the assistant, a model, or "from memory"' },
  { pattern: /\b(rolling|extractive)\b/i, instead: '"summary so far", a plain description' },
  { pattern: /\b(undefined|NaN|null)\b|\[object Object\]/, instead: 'a value, or nothing' },
];

/** The internal words `text` holds, each with the line it is on. */
export function internalWordsIn(text: string): string[] {
  return INTERNAL_WORDS.flatMap(({ pattern, instead }) => {
    const line = text.split('\n').find((l) => pattern.test(l));
    return line === undefined ? [] : [`${pattern.source} in “${line.trim()}” (say ${instead})`];
  });
}
