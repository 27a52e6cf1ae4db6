/** A search snippet whose matched words come wrapped in `**` (as the API marks them), shown with <mark>. */
export function HighlightedSnippet({ text }: { readonly text: string }) {
  const parts = text.split('**');
  return (
    <span className="snippet">{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : <span key={i}>{part}</span>))}</span>
  );
}
