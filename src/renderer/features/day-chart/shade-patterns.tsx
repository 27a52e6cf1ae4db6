import type { ShadedStretch } from './chart-model';

type ShadeKind = ShadedStretch['kind'];

/**
 * Fills of the stretches when nothing was worked on, told apart by pattern as well as tone (so they
 * read without colour): idle dotted, private hatched, paused and not observed in two greys.
 */
export function ShadePatterns({ idPrefix }: { readonly idPrefix: string }) {
  return (
    <defs>
      <pattern id={`${idPrefix}-private`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" className="pattern-bg-private" />
        <line x1="0" y1="0" x2="0" y2="6" className="pattern-ink" strokeWidth="2" />
      </pattern>
      <pattern id={`${idPrefix}-idle`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" className="pattern-bg-idle" />
        <circle cx="3" cy="3" r="1" className="pattern-dot" />
      </pattern>
    </defs>
  );
}

/** The fill of a stretch: a pattern for idle and private; the gaps get a flat tone from the style sheet. */
export function shadeFill(idPrefix: string, kind: ShadeKind): string | undefined {
  return kind === 'idle' || kind === 'private' ? `url(#${idPrefix}-${kind})` : undefined;
}
