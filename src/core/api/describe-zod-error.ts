import type { z } from 'zod';

/** Formats zod issues as one readable line: `date: expected a date as YYYY-MM-DD; limit: ...`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}
