export interface LlmEndpoint {
  /** Host and port, as the user would recognise it (`api.openai.com`, `127.0.0.1:11434`). */
  readonly endpoint: string;
  /** On this machine: a loopback address or `localhost`. */
  readonly local: boolean;
}

/**
 * Whether a host name is this machine without asking DNS: `localhost` (and `*.localhost`, which
 * RFC 6761 reserves for loopback), 127.0.0.0/8 and ::1. A name that merely resolves to a loopback
 * address is not trusted: resolution can change between this check and the request.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (/^127(?:\.\d{1,3}){3}$/.test(h)) return h.split('.').every((part) => Number(part) <= 255);
  return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127(?:\.\d{1,3}){3}$/.test(h);
}

/** The endpoint a base URL names; an unparseable URL counts as not local. */
export function describeEndpoint(baseUrl: string): LlmEndpoint {
  try {
    const url = new URL(baseUrl);
    return { endpoint: url.host, local: isLoopbackHost(url.hostname) };
  } catch {
    return { endpoint: baseUrl, local: false };
  }
}
