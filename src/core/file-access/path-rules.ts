import { isAbsolute, normalize, relative, resolve, sep } from 'node:path';
import { FILE_PATH_MAX_LENGTH } from '../../shared/contract/limits';
import { DomainError } from '../errors';
import { hasUnsafeCharacters, UNSAFE_CHARACTER_MESSAGE } from '../../shared/safe-text';

export const badPath = (message: string): DomainError => new DomainError('invalid', 'bad_path', message);
export const forbiddenPath = (message: string): DomainError => new DomainError('forbidden', 'forbidden_path', message);

const SEGMENT_MAX_LENGTH = 255;

/**
 * The lexical checks, before the disk is touched: length, NUL and control characters, percent-encoded
 * or backslash-separated paths (never decoded a second time, so `%2e%2e` cannot become `..`), `..`
 * segments and `~`. A relative path is taken relative to `base`. Returns the absolute path.
 */
export function checkPathText(raw: string, base: string): string {
  if (raw.length === 0) throw badPath('Give a path.');
  if (raw.length > FILE_PATH_MAX_LENGTH)
    throw badPath(`The path is ${raw.length} characters; at most ${FILE_PATH_MAX_LENGTH} are accepted.`);
  if (raw.includes('\0')) throw badPath('The path contains a NUL byte.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(raw)) throw badPath('The path contains a control character.');
  if (hasUnsafeCharacters(raw)) throw badPath(`The path ${UNSAFE_CHARACTER_MESSAGE}.`);
  if (/%[0-9a-f]{2}/i.test(raw)) throw badPath('The path is percent-encoded; send it decoded (the query string is decoded once).');
  if (raw.includes('\\')) throw badPath('The path contains a backslash; use "/" between folders.');
  if (raw.startsWith('~')) throw badPath('The path starts with "~"; give it in full.');
  if (/^[A-Za-z]:/.test(raw)) throw badPath('Windows drive paths are not accepted here.');
  const segments = raw.split('/');
  if (segments.some((s) => s === '..')) throw badPath('The path contains "..": give the path without going up folders.');
  if (segments.some((s) => s.length > SEGMENT_MAX_LENGTH))
    throw badPath(`A folder or file name in the path is over ${SEGMENT_MAX_LENGTH} characters.`);
  return isAbsolute(raw) ? normalize(raw) : resolve(base, raw);
}

/** True when `path` is `root` or inside it (both absolute and already resolved). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

const SENSITIVE_NAMES: readonly RegExp[] = [
  /^\.env$/i,
  /^\.env\..*/i,
  /.*_key$/i,
  /\.(pem|key|p12|pfx|jks|keystore|kdbx|ppk|gpg|asc)$/i,
  /^id_(rsa|dsa|ecdsa|ed25519)/i,
  /credential/i,
  /^secrets?(\..*)?$/i,
  /^\.(netrc|npmrc|pypirc|pgpass|htpasswd|git-credentials)$/i,
  /^_netrc$/i,
  /^authorized_keys$|^known_hosts$/i,
  /^api-token$/i,
  /^shadow\.db(-wal|-shm|-journal)?$/i,
];

const SENSITIVE_FOLDERS: ReadonlySet<string> = new Set(['.ssh', '.gnupg', '.aws', '.azure', '.kube', '.docker', '.password-store']);

/** Why a path names a secret (keys, credentials, `.env`, `.git/config`…), or null when it does not. */
export function sensitiveReason(path: string): string | null {
  const segments = path.split(/[\\/]/).filter(Boolean);
  for (const [i, segment] of segments.entries()) {
    const lower = segment.toLowerCase();
    if (SENSITIVE_FOLDERS.has(lower)) return `it is inside ${segment}, which holds keys or credentials`;
    if (lower === '.git' && segments[i + 1]?.toLowerCase() === 'config') return 'it is a git config (may hold credentials)';
    if (SENSITIVE_NAMES.some((pattern) => pattern.test(segment))) return `"${segment}" looks like a secret (key, credentials or .env)`;
  }
  return null;
}
