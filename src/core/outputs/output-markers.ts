/** `[output:out_…]`: how a turn's text points at an output it showed (docs/api.md, Outputs). */
const MARKER_PATTERN = /\[output:(out_[A-Za-z0-9_-]{8,40})\]/g;

export const outputMarker = (id: string): string => `[output:${id}]`;

/** The output ids a text refers to, in order of first appearance, each once. */
export function parseOutputMarkers(text: string): string[] {
  return [...new Set([...text.matchAll(MARKER_PATTERN)].map((m) => m[1]!))];
}
