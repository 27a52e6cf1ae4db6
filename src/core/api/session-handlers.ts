import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';
import { viewScope } from '../sync/device-filter';

type Op<K extends keyof Operations> = (
  input: OperationParsedInput<Operations[K]>,
) => OperationOutput<Operations[K]> | Promise<OperationOutput<Operations[K]>>;

export function sessionHandlers(core: ShadowCore) {
  const s = core.sessions;
  const listSessions: Op<'listSessions'> = (input) => ({ sessions: s.list({ ...input, device: viewScope(core.sync, input.device) }) });
  const createSession: Op<'createSession'> = (input) => s.create(input);
  const getSession: Op<'getSession'> = ({ id }) => s.get(id);
  const updateSession: Op<'updateSession'> = ({ id, context, setContext, unionContext, ...patch }) => {
    // Another device's conversation is read-only, its context sets too: refused before anything changes.
    s.devices.assertOwn(s.get(id));
    core.contextSets.applyPatch(id, { context, setContext, unionContext });
    return s.update(id, patch);
  };
  const deleteSession: Op<'deleteSession'> = ({ id }) => s.delete(id);
  const sendMessage: Op<'sendMessage'> = ({ id, content }) => s.send(id, content);
  const pauseSession: Op<'pauseSession'> = ({ id }) => s.pause(id);
  const resumeSession: Op<'resumeSession'> = ({ id, maxHistoryTokens }) => s.resume(id, maxHistoryTokens);
  const previewResume: Op<'previewResume'> = ({ id, maxHistoryTokens }) => s.resumeView(id, maxHistoryTokens);
  const sessionToc: Op<'sessionToc'> = ({ id }) => s.toc(id);
  const getTurn: Op<'getTurn'> = ({ id, n }) => s.turn(id, n);
  const getTurns: Op<'getTurns'> = ({ id, from, to }) => s.turns(id, from, to);
  const titleHistory: Op<'titleHistory'> = ({ id }) => s.titleHistory(id);
  const searchSession: Op<'searchSession'> = ({ id, q, limit }) => ({ hits: s.search(id, q, limit) });
  const exportSession: Op<'exportSession'> = ({ id }) => s.export(id);
  const importSession: Op<'importSession'> = ({ files }) => s.import(files);
  const searchAll: Op<'searchAll'> = (input) => s.searchAll({ ...input, device: viewScope(core.sync, input.device) });
  return {
    listSessions,
    createSession,
    getSession,
    updateSession,
    deleteSession,
    sendMessage,
    pauseSession,
    resumeSession,
    previewResume,
    sessionToc,
    getTurn,
    getTurns,
    titleHistory,
    searchSession,
    exportSession,
    importSession,
    searchAll,
  };
}
