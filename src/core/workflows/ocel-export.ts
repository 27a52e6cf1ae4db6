import { zonedTime, type EventLog } from './event-log';

const EVENT_ATTRIBUTES = [
  { name: 'app', type: 'string' },
  { name: 'where', type: 'string' },
  { name: 'window', type: 'string' },
  { name: 'actions', type: 'string' },
  { name: 'activeSeconds', type: 'integer' },
] as const;

/**
 * The log as OCEL 2.0 JSON: `objectTypes` (the kinds of work item), `eventTypes` (the kinds of step),
 * `objects` (each item, with the items its windows named as relationships) and `events` (each stretch
 * of work once, related to every item it touched: `about` the item its window was about, `changed`
 * one whose state it changed, `shown` one it showed).
 */
export function ocelJson(log: EventLog): string {
  const objectTypes = [...new Set(log.objects.map((o) => o.type))].sort();
  const eventTypes = [...new Set(log.events.map((e) => e.activity))].sort();
  const known = new Set(log.objects.map((o) => o.id));
  const document = {
    objectTypes: objectTypes.map((name) => ({ name, attributes: [{ name: 'name', type: 'string' }] })),
    eventTypes: eventTypes.map((name) => ({ name, attributes: EVENT_ATTRIBUTES.map((a) => ({ ...a })) })),
    objects: log.objects.map((o) => ({
      id: o.id,
      type: o.type,
      attributes: [{ name: 'name', time: zonedTime(log.window.startMs), value: o.name }],
      relationships: o.related.filter((r) => r !== o.id && known.has(r)).map((objectId) => ({ objectId, qualifier: 'named with' })),
    })),
    events: log.events.map((e) => ({
      id: e.id,
      type: e.activity,
      time: zonedTime(e.timeMs),
      attributes: [
        { name: 'app', value: e.app },
        { name: 'where', value: e.where },
        { name: 'window', value: e.title },
        { name: 'actions', value: e.actions.join(', ') },
        { name: 'activeSeconds', value: e.seconds },
      ],
      relationships: e.objects.map((o) => ({ objectId: o.id, qualifier: o.qualifier })),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
