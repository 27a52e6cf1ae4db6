import { z } from 'zod';
import { safeName } from '../safe-text';

/**
 * A name or title as a client gives it (HTTP, IPC, MCP): cleaned rather than refused. What cannot show
 * (controls, bidi and zero-width characters, tags, a lone surrogate: `safeName`) is removed, so a title
 * pasted with a soft hyphen or a BOM is taken as it reads, and one that would flip or hide text is
 * stored as it reads too; then it is trimmed, and only a name with nothing visible left is refused.
 */
export const safeNameInput = (what: string, max: number): z.ZodString =>
  z
    .string()
    .overwrite(safeName)
    .trim()
    .min(1, `the ${what} is empty (invisible characters do not count)`)
    .max(max, `the ${what} is at most ${max} characters`);
