import { SHADE_LABELS, type ShadedStretch } from './chart-model';

/** What the shading of the stretches when nothing was worked on means, for the kinds shown. */
export function ShadeLegend({ kinds }: { readonly kinds: readonly ShadedStretch['kind'][] }) {
  if (kinds.length === 0) return null;
  return (
    <ul className="chart-legend" aria-label="Shaded stretches" data-testid="shade-legend">
      {kinds.map((kind) => (
        <li key={kind}>
          <span className={`swatch stretch-${kind}`} aria-hidden="true" />
          {SHADE_LABELS[kind]}
        </li>
      ))}
    </ul>
  );
}
