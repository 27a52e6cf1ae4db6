/**
 * Where work happens on a screen: servers and hosts (`prod-db-03`, `api.internal.example.com`,
 * `10.0.4.12`, a shell prompt's `deploy@web-01`), links, documents (a name with a file extension) and
 * chat channels (`#finance`).
 */
export interface FoundPlace {
  readonly kind: 'host' | 'link' | 'document' | 'channel';
  readonly index: number;
  readonly name: string;
  readonly key: string;
}

const FILE_EXTENSIONS =
  'pdf|xlsx?|xlsm|csv|docx?|pptx?|odt|ods|odp|rtf|txt|md|json|ya?ml|xml|html?|png|jpe?g|gif|svg|zip|tar|gz|log|sql|py|ts|tsx|js|jsx|go|rs|java|kt|rb|php|cs|cpp|c|h|sh|tf|ipynb|eml|msg|key|numbers|pages';
/** "Spring Forecast.xlsx", "Invoice-5102.pdf", "src/checkout/cart.ts": words that start with a capital or a digit, then a name with an extension. */
const FILE = new RegExp(
  String.raw`(?<![\w@/.-])(?:(?:[\p{Lu}\p{N}][\w()&'’.-]*\s){0,4}[\w()&'’.-]+|[\w.-]+(?:/[\w.-]+)+)\.(?:${FILE_EXTENSIONS})(?![\w.])`,
  'gu',
);
const URL = /\b(?:https?:\/\/|www\.)[^\s<>()"'’]+[^\s<>()"'’.,;:!?]/giu;
const TLDS =
  'com|net|org|io|dev|app|ai|co|us|uk|de|fr|eu|ca|au|in|nl|se|ch|internal|local|lan|corp|cloud|example|test|svc|cluster|intra|prod|staging';
const FQDN = new RegExp(
  String.raw`(?<![\w@./-])(?=[a-z0-9-]*[a-z])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:${TLDS})(?![\w-]|\.\w)`,
  'giu',
);
const IPV4 = /(?<![\d.])(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?::\d{2,5})?(?![\d.])/gu;
/** A machine's name: lower-case words joined by hyphens that end in a number (`prod-db-03`, `web-eu-1`, `k8s-node-12`). */
const MACHINE =
  /(?<![\w.@/-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*-(?:\d{2,3}|\d[a-z])(?![\w-]|\.\w)|(?<![\w.@/-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+-\d(?![\w-]|\.\w)/gu;
/** `user@host:~$`, `[root@web-01 ~]#`: a shell prompt names the machine it runs on. */
const PROMPT = /[\w.-]+@([\w.-]+)(?=:\s?[~/]|\s+[~/]|\s*[\]:]?\s*[#$%](?:\s|$))/gu;
/** "ssh deploy@web-01", "ping db1", "Host: build-agent": the word after a command or label that takes a host. */
const AFTER_COMMAND =
  /\b(?:ssh|scp|sftp|ping|telnet|rdp|mstsc|mosh|traceroute|nslookup|dig|curl|wget|psql\s+-h|mysql\s+-h|redis-cli\s+-h|host|server|hostname|node|instance|machine)[:\s]+(?:-\w+\s+)*(?:[\w.-]+@)?([\w][\w.-]*[\w])/giu;
const CHANNEL = /(?<![\w#&])#[a-z][\w-]{1,40}/gu;

const hostKey = (name: string): string => name.toLowerCase().replace(/\.$/, '');
const isFileName = (name: string): boolean => new RegExp(String.raw`\.(?:${FILE_EXTENSIONS})$`, 'i').test(name);

/** The hosts, links, documents and channels of one line, in order. */
export function placesIn(line: string): FoundPlace[] {
  const found: FoundPlace[] = [];
  const taken = (index: number, length: number): boolean => found.some((f) => index < f.index + f.name.length && f.index < index + length);
  const add = (kind: FoundPlace['kind'], index: number, name: string, key: string): void => {
    if (!taken(index, name.length)) found.push({ kind, index, name, key });
  };
  for (const m of line.matchAll(URL)) {
    add(
      'link',
      m.index,
      m[0],
      m[0]
        .replace(/^https?:\/\//i, '')
        .replace(/\/$/, '')
        .toLowerCase(),
    );
    const host = /^(?:https?:\/\/)?([^/:?#]+)/i.exec(m[0])?.[1];
    if (host && !found.some((f) => f.kind === 'host' && f.key === hostKey(host)))
      found.push({ kind: 'host', index: m.index, name: host, key: hostKey(host) });
  }
  // One document however its path was written ("src/checkout/gateway.ts" and "gateway.ts").
  for (const m of line.matchAll(FILE)) add('document', m.index, m[0].trim(), m[0].trim().toLowerCase().split('/').at(-1)!);
  for (const m of line.matchAll(PROMPT)) add('host', m.index + m[0].indexOf(m[1]!), m[1]!, hostKey(m[1]!));
  for (const m of line.matchAll(AFTER_COMMAND)) {
    const name = m[1]!;
    if (/^\d+$/.test(name) || isFileName(name) || name.length < 3 || !/[a-z]/i.test(name)) continue;
    if (!/[\d.-]/.test(name) && !/^(?:ssh|ping|host|server|node|instance|machine)$/i.test(m[0].split(/[:\s]/)[0]!)) continue;
    add('host', m.index + m[0].lastIndexOf(name), name, hostKey(name));
  }
  for (const m of line.matchAll(FQDN)) if (!isFileName(m[0])) add('host', m.index, m[0], hostKey(m[0]));
  for (const m of line.matchAll(IPV4)) add('host', m.index, m[0], m[0]);
  for (const m of line.matchAll(MACHINE)) add('host', m.index, m[0], hostKey(m[0]));
  for (const m of line.matchAll(CHANNEL)) add('channel', m.index, m[0], m[0].toLowerCase());
  return found.sort((a, b) => a.index - b.index);
}
