import { OperationFailed } from '../core/api/operation-errors';
import { loadOrCreateApiToken } from '../core/config/api-token';
import { resolveProfilePaths, type ProfilePaths } from '../core/config/paths';
import { readRuntimeInfo } from '../core/config/runtime-info';
import { messageOf } from '../core/util/message-of';
import { operationErrorCodes, operations, type OperationKey, type OperationOutput, type Operations } from '../shared/contract/index';
import type { CallOperation } from './profile-operations';
import { CliError } from './cli-error';

/** A value as a path or query parameter carries it: text as it is, anything structured as JSON. */
const paramText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/** The running app of a profile, reached over its local HTTP API with the profile's token. */
export interface RunningApp {
  readonly port: number;
  readonly token: string;
  /** An operation of the contract, run by the app: a refusal throws OperationFailed, as a local call does. */
  readonly call: CallOperation;
}

/**
 * The one client the CLI has for the running app: the request comes from the operation table (method,
 * path parameters, query or JSON body) and a refusal becomes the same OperationFailed a local call
 * throws, so `src/cli/main.ts` maps both to one exit code. Null when the app does not run.
 */
export function runningApp(paths: ProfilePaths = resolveProfilePaths()): RunningApp | null {
  const running = readRuntimeInfo(paths);
  if (!running) return null;
  const token = loadOrCreateApiToken(paths.apiToken);
  const call = async <K extends OperationKey>(key: K, input: unknown): Promise<OperationOutput<Operations[K]>> => {
    const spec = operations[key];
    const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    const path = spec.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = rest[name];
      delete rest[name];
      return encodeURIComponent(paramText(value));
    });
    const withQuery = spec.method === 'GET' || spec.method === 'DELETE';
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) query.set(name, paramText(value));
    const url = `http://127.0.0.1:${running.port}/api/v1${path}${withQuery && query.size > 0 ? `?${query.toString()}` : ''}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: spec.method,
        headers: { authorization: `Bearer ${token}`, ...(!withQuery && { 'content-type': 'application/json' }) },
        ...(!withQuery && { body: JSON.stringify(rest) }),
      });
    } catch (error) {
      throw new CliError(`The running app (port ${running.port}) did not answer: ${messageOf(error)}. Is it still starting or stopping?`);
    }
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    if (response.ok) return spec.output.parse(body) as OperationOutput<Operations[K]>;
    const code = body?.error?.code;
    const declared = code && code in operationErrorCodes ? (code as keyof typeof operationErrorCodes) : null;
    throw new OperationFailed({
      kind: declared ? operationErrorCodes[declared].kind : 'internal',
      code: declared ?? 'internal_error',
      message: body?.error?.message ?? `The running app answered ${response.status} to ${spec.name}.`,
    });
  };
  return { port: running.port, token, call };
}
