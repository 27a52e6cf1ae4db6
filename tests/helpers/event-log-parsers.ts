/**
 * Small readers of the two event-log formats, written apart from the exporters, so a test can read a
 * log back and count what it holds: XES traces and their events, OCEL objects, events and the objects
 * each event is tied to.
 */
export interface ParsedXes {
  readonly version: string | null;
  readonly extensions: string[];
  readonly traces: { name: string; events: { name: string; timestamp: string; attributes: Record<string, string> }[] }[];
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads an XES document's traces and events (the flat layout: attributes as `<type key value/>`). */
export function parseXes(xml: string): ParsedXes {
  const version = /<log\b[^>]*\bxes\.version="([^"]*)"/.exec(xml)?.[1] ?? null;
  const extensions = [...xml.matchAll(/<extension\b[^>]*\bname="([^"]*)"/g)].map((m) => m[1]!);
  const traces: ParsedXes['traces'] = [];
  for (const t of xml.matchAll(/<trace>([\s\S]*?)<\/trace>/g)) {
    const body = t[1]!;
    const head = body.split('<event>')[0]!;
    const name = /<string key="concept:name" value="([^"]*)"\/>/.exec(head)?.[1];
    const events = [...body.matchAll(/<event>([\s\S]*?)<\/event>/g)].map((e) => {
      const attributes: Record<string, string> = {};
      for (const a of e[1]!.matchAll(/<(?:string|date|int|float|boolean)\s+key="([^"]+)"\s+value="([^"]*)"\/>/g))
        attributes[a[1]!] = unescape(a[2]!);
      return { name: attributes['concept:name'] ?? '', timestamp: attributes['time:timestamp'] ?? '', attributes };
    });
    traces.push({ name: unescape(name ?? ''), events });
  }
  return { version, extensions, traces };
}

export interface ParsedOcel {
  readonly objectTypes: string[];
  readonly eventTypes: string[];
  readonly objects: { id: string; type: string }[];
  readonly events: { id: string; type: string; time: string; objects: string[] }[];
  /** Relationships naming an object the log does not hold, or an event or object of an undeclared type. */
  readonly dangling: string[];
}

export function parseOcel(json: string): ParsedOcel {
  const doc = JSON.parse(json) as {
    objectTypes: { name: string }[];
    eventTypes: { name: string }[];
    objects: { id: string; type: string; relationships?: { objectId: string }[] }[];
    events: { id: string; type: string; time: string; relationships?: { objectId: string }[] }[];
  };
  const objectIds = new Set(doc.objects.map((o) => o.id));
  const objectTypes = new Set(doc.objectTypes.map((t) => t.name));
  const eventTypes = new Set(doc.eventTypes.map((t) => t.name));
  const dangling: string[] = [];
  for (const o of doc.objects) {
    if (!objectTypes.has(o.type)) dangling.push(`object ${o.id} has undeclared type ${o.type}`);
    for (const r of o.relationships ?? []) if (!objectIds.has(r.objectId)) dangling.push(`object ${o.id} → ${r.objectId}`);
  }
  for (const e of doc.events) {
    if (!eventTypes.has(e.type)) dangling.push(`event ${e.id} has undeclared type ${e.type}`);
    for (const r of e.relationships ?? []) if (!objectIds.has(r.objectId)) dangling.push(`event ${e.id} → ${r.objectId}`);
  }
  return {
    objectTypes: [...objectTypes],
    eventTypes: [...eventTypes],
    objects: doc.objects.map((o) => ({ id: o.id, type: o.type })),
    events: doc.events.map((e) => ({ id: e.id, type: e.type, time: e.time, objects: (e.relationships ?? []).map((r) => r.objectId) })),
    dangling,
  };
}
