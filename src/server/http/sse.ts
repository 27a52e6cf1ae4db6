import type { IncomingMessage, ServerResponse } from 'node:http';
import { eventNames } from '../../shared/contract/index';
import type { EventBus } from '../../core/events';

/** Streams the public core events as Server-Sent Events until the client goes away. */
export function openEventStream(req: IncomingMessage, res: ServerResponse, events: EventBus): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  const unsubscribes = eventNames.map((name) =>
    events.on(name, (payload) => {
      res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    }),
  );
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  req.on('close', () => {
    clearInterval(keepAlive);
    for (const off of unsubscribes) off();
  });
}
