/**
 * Bidi controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E/U+200F/U+061C) and zero-width
 * characters (U+200B–U+200D, U+2060–U+2064, U+FEFF): invisible, they make a stored name read as
 * something else ("invoice‮fdp.exe" shows as "invoiceexe.pdf") or two names look the same.
 */
const INVISIBLE_CONTROLS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

export const INVISIBLE_CONTROL_MESSAGE = 'contains an invisible bidi control or zero-width character';

export function hasInvisibleControls(text: string): boolean {
  return INVISIBLE_CONTROLS.test(text);
}

export const isVisibleText = (text: string): boolean => !hasInvisibleControls(text);
