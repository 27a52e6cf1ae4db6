import { useState } from 'react';
import type { OutputMeta, StoredOutput } from '../../../shared/contract/storage';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';

/** `[output:<id>]` in a turn's text: where an output was shown. */
export const OUTPUT_MARKER = /\[output:(out_[A-Za-z0-9_-]{8,40})\]/g;

function headline(output: OutputMeta): string {
  const meta = output.metadata;
  const text = (key: string): string | null => (typeof meta[key] === 'string' ? meta[key] : null);
  switch (output.kind) {
    case 'file':
      return text('path') ?? text('title') ?? 'File';
    case 'command':
      return `$ ${text('command') ?? 'command'}${typeof meta.exitCode === 'number' ? ` (exit ${meta.exitCode})` : ''}`;
    case 'image':
      return text('title') ?? text('path') ?? 'Image';
    case 'embed':
      return text('title') ?? text('url') ?? 'Embed';
    case 'raw':
      return text('title') ?? 'Output';
  }
}

function OutputBody({ output }: { readonly output: StoredOutput }) {
  if (output.kind === 'image' && output.encoding === 'base64' && output.mimeType.startsWith('image/')) {
    return <img className="output-image" src={`data:${output.mimeType};base64,${output.content}`} alt={headline(output)} />;
  }
  if (output.kind === 'embed') {
    // Embeds are named, never loaded: the window does not navigate away or frame other sites.
    const url = typeof output.metadata.url === 'string' ? output.metadata.url : output.content;
    return <code className="output-url">{url}</code>;
  }
  const text = output.encoding === 'base64' ? `(${output.size} bytes of ${output.mimeType})` : output.content;
  return <pre className="output-text">{text}</pre>;
}

/** A stored output (file view, command output, image, embed) shown with the turn it belongs to; loaded when opened. */
export function OutputCard({ client, output }: { readonly client: ShadowClient; readonly output: OutputMeta }) {
  const [stored, setStored] = useState<StoredOutput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = (): void => {
    if (stored) return;
    client
      .call('getOutput', { id: output.id })
      .then(setStored)
      .catch((failure: unknown) => setError(messageOf(failure)));
  };
  return (
    <details
      className="output-card"
      onToggle={(event) => event.currentTarget.open && load()}
      data-testid="output-card"
      data-output-id={output.id}
    >
      <summary>
        <span className="tag">{output.kind}</span> <span className="ellipsis">{headline(output)}</span>
      </summary>
      {error && <p className="error-line small">{error}</p>}
      {stored ? <OutputBody output={stored} /> : !error && <p className="muted small">Loading…</p>}
    </details>
  );
}
