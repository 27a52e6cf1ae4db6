/**
 * The LLM path over the demo day, against a scripted OpenAI-compatible server on loopback:
 *   node bin/run-ts.js bench/llm-day.ts
 *
 * Replays profiles/demo/day (8 hours) with memory, OCR (the demo screens read as drawn) and a text and
 * a vision model configured, then asks the recall question set in one chat, and calls every MCP tool
 * on the day. Every request the server received is counted. Prints: LLM calls and prompt tokens per
 * day by kind (prompt tokens are the request's text by the cl100k tokenizer, images apart), images and
 * image bytes per day, the share of the day's task time the final summary covers (tasks whose start
 * time the scripted model could write into it, i.e. that its request carried), chat prompt tokens
 * p50/p95, and the largest MCP tool result (text and structuredContent together).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createHandlers } from '../src/core/api/handlers';
import { tokenCount } from '../src/core/llm/tokens';
import { createMcpServer } from '../src/server/mcp/create-mcp-server';
import { formatClockTime } from '../src/shared/format-clock-time';
import { DemoDayOracle } from '../tests/fixtures/demo-day-oracle';
import { readingToolCalls } from '../tests/fixtures/mcp-tool-calls';
import { recallQuestionSet } from '../tests/fixtures/recall-question-set';
import { demoDayCoreWithModel, replayDemoDayForRecall } from '../tests/fixtures/recall-replay';
import { allText, imageUrls, startFakeOpenAiServer } from '../tests/helpers/fake-openai-server';
import { clock24, purposeOfRequest, scriptedModel, tasksInRequest } from '../tests/helpers/scripted-model';
import { createTempShadowHome } from '../tests/helpers/temp-shadow-home';
import { percentile, printFigures, type Figure } from './lib/report';

const fake = await startFakeOpenAiServer(scriptedModel);
const home = createTempShadowHome();
const core = demoDayCoreWithModel(home.paths, fake.baseUrl);
try {
  await replayDemoDayForRecall(core);
  const dayRequests = [...fake.requests];

  // The recall question set, asked in one conversation after the day ended.
  const session = core.sessions.create({ type: 'chat', tools: [] });
  const chatStart = fake.requests.length;
  for (const q of recallQuestionSet(new DemoDayOracle())) await core.sessions.send(session.id, q.question);
  await core.sessions.idle();
  const chatRequests = fake.requests.slice(chatStart).filter((r) => purposeOfRequest(r) === 'chat');

  const byKind = new Map<string, { calls: number; tokens: number }>();
  let images = 0;
  let imageBytes = 0;
  for (const r of fake.requests) {
    const kind = purposeOfRequest(r);
    const entry = byKind.get(kind) ?? { calls: 0, tokens: 0 };
    entry.calls++;
    entry.tokens += tokenCount(allText(r.body));
    byKind.set(kind, entry);
    for (const url of imageUrls(r.body)) {
      images++;
      imageBytes += Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').length;
    }
  }

  // What the final summary covers: the share of the day's task time whose start it could name.
  const [ws] = core.activity.listWorkSessions(1);
  const detail = core.memory.workSessionDetail(ws!.id)!;
  const finalRequest = dayRequests.filter((r) => purposeOfRequest(r) === 'summary').at(-1)!;
  const known = new Set([...tasksInRequest(allText(finalRequest.body)).values()].flat());
  const taskSeconds = detail.tasks.reduce((sum, t) => sum + t.durationSeconds, 0);
  const coveredSeconds = detail.tasks
    .filter((t) => known.has(clock24(formatClockTime(t.startedAt))))
    .reduce((sum, t) => sum + t.durationSeconds, 0);
  const earliest = detail.tasks.find((t) => known.has(clock24(formatClockTime(t.startedAt))));

  // Every MCP tool on the day, with the arguments an agent would give first.
  const handlers = createHandlers(core);
  const server = createMcpServer({
    handlers,
    liveActivity: () => Promise.resolve(core.observer.immediateContext()),
    recentImages: () => ({ refused: 'not in this benchmark' }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench-agent', version: '1.0.0' });
  await client.connect(clientSide);
  const hit = (await handlers.searchScreen({ q: 'invoice', limit: 1 })).hits[0];
  if (!hit) throw new Error('The demo day replay read no invoice on screen: run with OCR (see replayDemoDayForRecall).');
  const calls = readingToolCalls('2026-03-10', hit, 20);
  const mcp: Array<{ tool: string; bytes: number; tokens: number }> = [];
  for (const [name, args] of calls) {
    const result = (await client.callTool({ name, arguments: args })) as {
      content: Array<{ type: string; text?: string }>;
      structuredContent?: unknown;
    };
    const text = result.content.map((c) => c.text ?? '').join('\n');
    const structured = result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent);
    mcp.push({
      tool: name,
      bytes: Buffer.byteLength(text) + Buffer.byteLength(structured),
      tokens: tokenCount(text) + tokenCount(structured),
    });
  }
  await client.close();
  mcp.sort((a, b) => b.bytes - a.bytes);

  const chatTokens = chatRequests.map((r) => tokenCount(allText(r.body)));
  console.log('LLM calls over the demo day (8 h) and its 60-question chat, by kind:');
  for (const [kind, e] of [...byKind].sort((a, b) => b[1].calls - a[1].calls))
    console.log(`  ${kind.padEnd(10)} ${String(e.calls).padStart(5)} calls  ${String(e.tokens).padStart(9)} prompt tokens`);
  console.log(
    `Final summary covers tasks from ${earliest ? formatClockTime(earliest.startedAt) : '—'} of the day's ${detail.tasks.length}.`,
  );
  console.log('MCP tool results, largest first:');
  for (const m of mcp) console.log(`  ${m.tool.padEnd(22)} ${String(m.bytes).padStart(8)} bytes  ${String(m.tokens).padStart(7)} tokens`);

  const figures: Figure[] = [
    ...[...byKind].flatMap(([kind, e]): Figure[] => [
      { name: `${kind} calls per day`, value: e.calls, unit: 'calls' },
      { name: `${kind} prompt tokens per day`, value: e.tokens, unit: 'tokens' },
    ]),
    { name: 'images sent per day', value: images, unit: 'images' },
    { name: 'image bytes per day', value: imageBytes / 1e6, unit: 'MB' },
    { name: 'task time the final summary covers', value: (100 * coveredSeconds) / taskSeconds, unit: '%' },
    { name: 'chat prompt tokens p50', value: percentile(chatTokens, 50), unit: 'tokens' },
    { name: 'chat prompt tokens p95', value: percentile(chatTokens, 95), unit: 'tokens' },
    { name: `largest MCP result (${mcp[0]!.tool})`, value: mcp[0]!.bytes / 1000, unit: 'KB' },
    { name: `largest MCP result (${mcp[0]!.tool}) in tokens`, value: mcp[0]!.tokens, unit: 'tokens', targetMax: 4000 },
  ];
  printFigures('llm-day', figures);
} finally {
  core.close();
  await fake.close();
  home.remove();
}
