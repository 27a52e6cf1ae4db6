import type { Detector, Finding } from './findings';

/**
 * Cloud and API keys and tokens by their published formats. OCR keeps their letters and digits but
 * may read `_` as a space, so the separators after a prefix allow one.
 */
const TOKEN_PATTERNS: readonly RegExp[] = [
  // AWS access key ids (long-term AKIA, temporary ASIA, and the other published prefixes): 16
  // characters after the prefix, give or take the one OCR drops or adds.
  /(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA) ?(?:[A-Z0-9] ?){14,16}[A-Z0-9](?![A-Z0-9])/g,
  // GitHub tokens: classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained (github_pat_).
  /(?<![A-Za-z0-9])gh[pousr][_ ][A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,255}/g,
  // GitLab personal, pipeline, deploy and runner tokens.
  /(?<![A-Za-z0-9])gl(?:pat|ptt|dt|rt)-[A-Za-z0-9_-]{20,}/g,
  // Slack tokens and incoming webhooks.
  /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/g,
  /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]+/g,
  // OpenAI and Anthropic keys (sk-, sk-proj-, sk-svcacct-, sk-ant-…).
  /(?<![A-Za-z0-9])sk-(?:proj-|svcacct-|admin-|ant-(?:[a-z]+\d*-)?)?[A-Za-z0-9_-]{20,}/g,
  // Stripe secret and restricted keys.
  /(?<![A-Za-z0-9])[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g,
  // Google API keys.
  /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g,
  // npm, Hugging Face and SendGrid tokens.
  /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}(?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g,
  // JSON Web Tokens: three base64url parts, the first a JSON header ({" → eyJ).
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

// A PEM private key block, through its END line or, when OCR or a cut screen lost it, to the end.
const PEM_BLOCK = /[-—=_]{2,} ?BEGIN[A-Z ]*PRIVATE KEY ?[-—=_]{2,}[\s\S]*?(?:[-—=_]{2,} ?END[A-Z ]*PRIVATE KEY ?[-—=_]{2,}|$)/g;

// `Authorization: Bearer …` and credentials inside a URL (`https://user:pass@host`).
const BEARER = /\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g;
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s@/]+)@/gi;

/** Keys and tokens, private key blocks, bearer tokens and passwords in URLs. */
export const detectSecrets: Detector = (text) => {
  const findings: Finding[] = [];
  for (const pattern of [...TOKEN_PATTERNS, PEM_BLOCK]) {
    for (const m of text.matchAll(pattern)) findings.push({ start: m.index, end: m.index + m[0].length, kind: 'secret' });
  }
  for (const m of text.matchAll(BEARER)) {
    const start = m.index + m[0].length - m[1]!.length;
    findings.push({ start, end: start + m[1]!.length, kind: 'secret' });
  }
  for (const m of text.matchAll(URL_PASSWORD)) {
    const end = m.index + m[0].length - 1;
    findings.push({ start: end - m[1]!.length, end, kind: 'password' });
  }
  return findings;
};

// `password: hunter2`, `PIN = 1234`, `"client_secret": "…"`, `OPENAI_API_KEY=…`: a label, `:` or `=`, a value.
const PASSWORD_LABEL = String.raw`pass(?:word|wd|code|phrase)|pwd|pin|mot de passe|passwort|kennwort|contrase[ñn]a|senha|wachtwoord`;
const SECRET_LABEL = String.raw`secret|token|api[ _-]?key|apikey|access[ _-]?key|private[ _-]?key|client[ _-]?secret|credentials?`;
const PAIR = new RegExp(
  // The label word stands alone or as a part of an identifier (`db.password`, `OPENAI_API_KEY`), never inside a word (`shipping`).
  String.raw`(?<![A-Za-z0-9])((?:[\w.-]*[_.-])?(?:(${PASSWORD_LABEL})|${SECRET_LABEL})(?:[_.-][\w.-]*)?)["']?[ \t]*[:=][ \t]*["']?([^\s"',;]+)`,
  'gi',
);
// Values that are not secrets: masks, placeholders and the words forms show beside the field.
export const NOT_A_VALUE =
  /^(?:[*•●·.x]+|\[[a-z-]+\]|true|false|null|none|undefined|required|optional|hidden|show|hide|forgot\??|reset|change|n\/a)$/i;

/** `label: value` pairs whose label says password (→ `[password]`) or key, token, secret (→ `[secret]`). */
export const detectPasswordPairs: Detector = (text) => {
  const findings: Finding[] = [];
  for (const m of text.matchAll(PAIR)) {
    const value = m[3]!;
    if (NOT_A_VALUE.test(value)) continue;
    const isPassword = m[2] !== undefined;
    // Secret-like labels also name harmless things (`token: expired`): their values must look generated.
    if (!isPassword && (value.length < 8 || !(/\d/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value))))) continue;
    const start = m.index + m[0].length - value.length;
    findings.push({ start, end: start + value.length, kind: isPassword ? 'password' : 'secret' });
  }
  return findings;
};
