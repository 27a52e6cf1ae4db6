import { lazy, Suspense } from 'react';
import type { OpenMoment } from './markdown-render';

// react-markdown and its parsers are a third of the window's code: they load beside it, not in its
// first bundle (main.tsx starts fetching them once the window is up).
export const loadMarkdown = (): Promise<typeof import('./markdown-render')> => import('./markdown-render');
const MarkdownRender = lazy(() => loadMarkdown().then((m) => ({ default: m.MarkdownRender })));
const SnippetRender = lazy(() => loadMarkdown().then((m) => ({ default: m.SnippetRender })));

/** Markdown from the store (replies, summaries, the guide), rendered safely (see markdown-render.tsx); `onMoment` opens its links to moments. */
export function MarkdownText({
  text,
  className,
  onMoment,
}: {
  readonly text: string;
  readonly className?: string;
  readonly onMoment?: OpenMoment;
}) {
  return (
    <Suspense fallback={<div className={`markdown plain ${className ?? ''}`}>{text}</div>}>
      <MarkdownRender text={text} className={className} onMoment={onMoment} />
    </Suspense>
  );
}

/** A search snippet with its matched words (`**word**`) as <mark>. */
export function SnippetText({ text }: { readonly text: string }) {
  return (
    <Suspense fallback={<span className="snippet">{text.replace(/\*\*/g, '').replace(/\s+/g, ' ')}</span>}>
      <SnippetRender text={text} />
    </Suspense>
  );
}
