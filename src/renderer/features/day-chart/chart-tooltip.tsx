/** What a chart's tooltip says about the mark under the pointer (or in focus). */
export interface ChartTip {
  readonly title: string;
  readonly lines: readonly string[];
  readonly note: string | null;
}

export function ChartTooltipBody({ tip }: { readonly tip: ChartTip }) {
  return (
    <div role="status" data-testid="chart-tooltip">
      <strong>{tip.title}</strong>
      {tip.lines.filter(Boolean).map((line) => (
        <div key={line}>{line}</div>
      ))}
      {tip.note && <div className="muted">{tip.note}</div>}
    </div>
  );
}
