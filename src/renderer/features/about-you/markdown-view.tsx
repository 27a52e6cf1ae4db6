import type { ReactNode } from 'react';

/** `**bold**` and `_italic_` inside a line. */
function inline(text: string): ReactNode[] {
  return text
    .split('**')
    .flatMap((part, i) =>
      i % 2 === 1
        ? [<strong key={i}>{part}</strong>]
        : part.split(/(?<![\w])_([^_]+)_(?![\w])/).map((piece, j) => (j % 2 === 1 ? <em key={`${i}-${j}`}>{piece}</em> : piece)),
    );
}

/**
 * The little Markdown the workflow guide uses (headings, bullet lists, paragraphs, bold), built as
 * React elements: no HTML from the document is ever injected.
 */
export function MarkdownView({ markdown }: { readonly markdown: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flushList = (): void => {
    if (list.length)
      blocks.push(
        <ul key={`ul-${blocks.length}`}>
          {list.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>,
      );
    list = [];
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (bullet) {
      list.push(bullet[1]!);
      continue;
    }
    flushList();
    if (heading) {
      const level = heading[1]!.length;
      const content = inline(heading[2]!);
      blocks.push(
        level <= 1 ? (
          <h2 key={blocks.length}>{content}</h2>
        ) : level === 2 ? (
          <h3 key={blocks.length}>{content}</h3>
        ) : (
          <h4 key={blocks.length}>{content}</h4>
        ),
      );
    } else if (line.trim()) {
      blocks.push(<p key={blocks.length}>{inline(line)}</p>);
    }
  }
  flushList();
  return <div className="markdown">{blocks}</div>;
}
