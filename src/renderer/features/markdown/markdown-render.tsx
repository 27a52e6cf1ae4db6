import { useMemo, type ReactNode } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkPlainLinks } from './plain-links';

const remarkPlugins = [remarkGfm, remarkPlainLinks];

/** Links may lead to the web or to mail; anything else (javascript:, file:, relative paths into the API) is dropped. */
function safeUrl(url: string): string {
  const safe = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(safe) ? safe : '';
}

/** A moment of the store a text links to (the guide's `[see a moment](#moment=AT&screenText=ID)`). */
const MOMENT_LINK = /^#moment=([^&]+)(?:&screenText=(\d+))?$/;

/** Opens what was on screen at a moment a text links to. */
export type OpenMoment = (at: string, screenTextId: number | null) => void;

function momentOf(href: string): { at: string; screenTextId: number | null } | null {
  const m = MOMENT_LINK.exec(href);
  if (!m) return null;
  try {
    return { at: decodeURIComponent(m[1]!), screenTextId: m[2] ? Number(m[2]) : null };
  } catch {
    return null;
  }
}

function WebLink({ href, children }: { readonly href?: string; readonly children?: ReactNode }) {
  return href ? (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
}

const components: Components = {
  a: WebLink,
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
 * so nothing stored (an OCR'd page, a prompt) can put markup or script into the window. With
 * `onMoment`, a link to a moment is a button that opens it; without, it is plain text.
 */
export function MarkdownRender({
  text,
  className,
  onMoment,
}: {
  readonly text: string;
  readonly className?: string;
  readonly onMoment?: OpenMoment;
}) {
  const [withMoments, transform] = useMemo((): [Components, (url: string) => string] => {
    if (!onMoment) return [components, safeUrl];
    const a: Components['a'] = ({ href, children }) => {
      const moment = href ? momentOf(href) : null;
      if (moment)
        return (
          <button type="button" className="link" onClick={() => onMoment(moment.at, moment.screenTextId)} data-testid="markdown-moment">
            {children}
          </button>
        );
      return <WebLink href={href}>{children}</WebLink>;
    };
    return [{ ...components, a }, (url: string) => (momentOf(url) ? url : safeUrl(url))];
  }, [onMoment]);
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Markdown remarkPlugins={remarkPlugins} components={withMoments} urlTransform={transform}>
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
