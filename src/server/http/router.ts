import type { OperationKey, OperationSpec } from '../../shared/contract/index';
import { decodeComponent } from './request-input';

export interface Route {
  readonly key: OperationKey;
  readonly spec: OperationSpec;
  readonly pattern: RegExp;
  readonly params: readonly string[];
}

export type RouteMatch = { route: Route; params: Record<string, string> } | { methodNotAllowed: string[] } | null;

/** Compiles `/sessions/{id}/turns/{n}` templates into matchers. */
export function compileRoutes(operations: Readonly<Record<OperationKey, OperationSpec>>): Route[] {
  return (Object.entries(operations) as [OperationKey, OperationSpec][]).map(([key, spec]) => {
    const params: string[] = [];
    const source = spec.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
      params.push((a ?? b) as string);
      return '([^/]+)';
    });
    return { key, spec, pattern: new RegExp(`^${source}$`), params };
  });
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.spec.method !== method) {
      allowed.push(route.spec.method);
      continue;
    }
    const params: Record<string, string> = {};
    route.params.forEach((name, i) => {
      params[name] = decodeComponent(m[i + 1]!, `The path segment {${name}}`);
    });
    return { route, params };
  }
  return allowed.length ? { methodNotAllowed: allowed } : null;
}
