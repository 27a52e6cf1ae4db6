import { z } from 'zod';
import { redactionKindSchema } from '../../shared/contract/privacy';

const compiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern, 'giu');
    return true;
  } catch {
    return false;
  }
};

export const customRedactionPatternSchema = z.object({
  /** A regular expression (JavaScript syntax, matched case-insensitively) whose matches are replaced. */
  pattern: z.string().min(1).max(500).refine(compiles, 'not a valid regular expression'),
  /** The placeholder's name: `[label]`; `[redacted]` when absent. */
  label: z
    .string()
    .regex(/^[a-z0-9][a-z0-9 -]{0,23}$/i, 'a label is 1-24 letters, digits, spaces or dashes')
    .optional(),
});

/** What is redacted from screen text, window titles and LLM requests (docs/privacy.md). */
export const redactionSettingsSchema = z
  .object({
    enabled: z.boolean().default(true),
    /** The built-in detectors; the user's own patterns and words are always applied. */
    kinds: z.array(redactionKindSchema.exclude(['custom'])).default(['card', 'iban', 'national-id', 'secret', 'password']),
    patterns: z.array(customRedactionPatternSchema).max(100).default([]),
    /** Words and names (a client's name) replaced wherever they appear as whole words, in any case. */
    words: z.array(z.string().trim().min(2).max(200)).max(500).default([]),
  })
  .default({ enabled: true, kinds: ['card', 'iban', 'national-id', 'secret', 'password'], patterns: [], words: [] });
export type RedactionSettings = z.infer<typeof redactionSettingsSchema>;
