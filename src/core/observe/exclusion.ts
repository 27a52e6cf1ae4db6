import type { ExclusionRule } from '../config/settings';
import type { ActiveWindow } from './sources/capture-source';
import { messageOf } from '../util/message-of';

export interface CompiledExclusions {
  /** The reason of the first rule that matches, or null when the window may be observed. */
  match(window: ActiveWindow): string | null;
}

/**
 * Compiles exclusion rules once. A rule with both `app` and `title` needs both to match.
 * An invalid regular expression is reported, not silently ignored.
 */
export function compileExclusions(rules: readonly ExclusionRule[]): CompiledExclusions {
  const compiled = rules.map((rule, index) => {
    const toRegex = (source: string | undefined, field: string): RegExp | null => {
      if (source === undefined || source === '') return null;
      try {
        return new RegExp(source, 'i');
      } catch (error) {
        throw new Error(`Exclusion rule ${index + 1} has an invalid ${field} pattern: ${messageOf(error)}`);
      }
    };
    return {
      app: toRegex(rule.app, 'app'),
      title: toRegex(rule.title, 'title'),
      reason: rule.reason ?? `rule ${index + 1}`,
    };
  });
  return {
    match(window) {
      for (const rule of compiled) {
        if (!rule.app && !rule.title) continue;
        if (rule.app && !rule.app.test(window.app)) continue;
        if (rule.title && !rule.title.test(window.title)) continue;
        return rule.reason;
      }
      return null;
    },
  };
}
