import { zonedTime, type EventLog, type LogEvent } from './event-log';

/** XML text: the five entities, and characters XML 1.0 cannot hold dropped. */
function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const attr = (type: 'string' | 'date' | 'int', key: string, value: string | number): string =>
  `<${type} key="${key}" value="${xml(String(value))}"/>`;

function event(e: LogEvent, indent: string): string {
  return [
    `${indent}<event>`,
    `${indent}  ${attr('string', 'concept:name', e.activity)}`,
    `${indent}  ${attr('date', 'time:timestamp', zonedTime(e.timeMs))}`,
    `${indent}  ${attr('string', 'lifecycle:transition', 'complete')}`,
    `${indent}  ${attr('string', 'app', e.app)}`,
    `${indent}  ${attr('string', 'where', e.where)}`,
    `${indent}  ${attr('string', 'window', e.title)}`,
    `${indent}  ${attr('int', 'activeSeconds', e.seconds)}`,
    ...(e.actions.length ? [`${indent}  ${attr('string', 'actions', e.actions.join(', '))}`] : []),
    `${indent}</event>`,
  ].join('\n');
}

/**
 * The log as XES (IEEE 1849-2016): one trace per case (one item's run through its steps, across days),
 * each event named (`concept:name`) and timed with the zone (`time:timestamp`, the step's start; its
 * `lifecycle:transition` is `complete`), the Concept, Time and Lifecycle extensions declared.
 */
export function xesXml(log: EventLog): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- Workflow Shadow: the cases of the days asked about, one trace per work item -->',
    '<log xes.version="1849.2016" xes.features="nested-attributes">',
    '  <extension name="Concept" prefix="concept" uri="http://www.xes-standard.org/concept.xesext"/>',
    '  <extension name="Time" prefix="time" uri="http://www.xes-standard.org/time.xesext"/>',
    '  <extension name="Lifecycle" prefix="lifecycle" uri="http://www.xes-standard.org/lifecycle.xesext"/>',
    '  <global scope="trace">',
    `    ${attr('string', 'concept:name', 'UNKNOWN')}`,
    '  </global>',
    '  <global scope="event">',
    `    ${attr('string', 'concept:name', 'UNKNOWN')}`,
    `    ${attr('date', 'time:timestamp', zonedTime(0))}`,
    '  </global>',
    '  <classifier name="Activity" keys="concept:name"/>',
    `  ${attr('string', 'concept:name', `Work from ${zonedTime(log.window.startMs).slice(0, 10)} to ${zonedTime(log.window.endMs - 1).slice(0, 10)}`)}`,
    `  ${attr('string', 'lifecycle:model', 'standard')}`,
  ];
  for (const trace of log.traces) {
    lines.push(
      '  <trace>',
      `    ${attr('string', 'concept:name', trace.name)}`,
      `    ${attr('string', 'item', trace.id)}`,
      `    ${attr('string', 'kind', trace.kind)}`,
    );
    for (const e of trace.events) lines.push(event(e, '    '));
    lines.push('  </trace>');
  }
  lines.push('</log>', '');
  return lines.join('\n');
}
