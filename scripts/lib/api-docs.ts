import { apiLimits } from '../../src/shared/contract/index';
import { formatBytes } from '../../src/shared/format-bytes';

/** The name of docs/api.md's generated limits block. */
export const LIMITS_BLOCK = 'limits';

/** The limits table of docs/api.md, quoted from src/shared/contract/limits.ts. */
export function limitsBlock(): string {
  const rows = apiLimits.map((l) => {
    const value =
      l.unit === 'bytes'
        ? `${formatBytes(l.value)} (${l.value.toLocaleString('en-US')} bytes)`
        : `${l.value.toLocaleString('en-US')} characters`;
    return `| \`${l.name}\` | ${value} | ${l.what} |`;
  });
  return ['| limit | value | what it limits |', '|---|---|---|', ...rows].join('\n');
}
