import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkPlainLinks } from './plain-links';

const remarkPlugins = [remarkGfm, remarkPlainLinks];

/** Links may lead to the web or to mail; anything else (javascript:, file:, relative paths into the API) is dropped. */
function safeUrl(url: string): string {
  const safe = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(safe) ? safe : '';
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Stored text never makes the window fetch something: an image is named, not loaded.
  img: ({ alt }) => <span className="muted">[image{alt ? `: ${alt}` : ''}]</span>,
  table: ({ children }) => (
    <div className="table-scroll">
      <table>{children}</table>
    </div>
  ),
};

/**
 * Markdown from the store (replies, summaries, the workflow guide) rendered as React elements by
 * react-markdown with GitHub tables and lists. Raw HTML in the text is shown as text, never parsed,
 * so nothing stored (an OCR'd page, a prompt) can put markup or script into the window.
 */
export function MarkdownRender({ text, className }: { readonly text: string; readonly className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Markdown remarkPlugins={remarkPlugins} components={components} urlTransform={safeUrl}>
        {text}
      </Markdown>
    </div>
  );
}

const snippetComponents: Components = {
  p: ({ children }) => <>{children}</>,
  strong: ({ children }) => <mark>{children}</mark>,
};
const SNIPPET_ELEMENTS = ['p', 'strong', 'em', 'code'];

/**
 * A search snippet on one line: the words the search matched come wrapped in `**` (as the API marks
 * them) and show as <mark>; any other markup in the text is shown as the text it is.
 */
export function SnippetRender({ text }: { readonly text: string }) {
  return (
    <span className="snippet">
      <Markdown components={snippetComponents} allowedElements={SNIPPET_ELEMENTS} unwrapDisallowed urlTransform={safeUrl}>
        {text.replace(/\s+/g, ' ').trim()}
      </Markdown>
    </span>
  );
}
