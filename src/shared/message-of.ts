/**
 * The message of anything thrown, for the words a person or a log reads: an Error's message, else the
 * value as text (a library may throw a string). The one way the code turns a caught value into words.
 */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return String(error);
  } catch {
    // An object whose toString throws, or null-prototype object: say what it was.
    return Object.prototype.toString.call(error);
  }
}
