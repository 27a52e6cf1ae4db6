import { z } from 'zod';
import { defineOperation, defineOperations, localDateSchema } from './define';

/** What redaction replaces, each with its placeholder: `[card]`, `[iban]`, `[national-id]`, `[secret]`, `[password]`; user rules `[redacted]` or their label. */
export const redactionKindSchema = z.enum(['card', 'iban', 'national-id', 'secret', 'password', 'custom']);
export type RedactionKind = z.infer<typeof redactionKindSchema>;

/** Where a string was redacted: OCR text before it is stored, window titles before they are stored, requests before they go to an LLM. */
export const redactionChannelSchema = z.enum(['screen-text', 'window-titles', 'llm-requests']);
export type RedactionChannel = z.infer<typeof redactionChannelSchema>;

const count = z.number().int().min(0);

export const storeKeySourceSchema = z.enum(['environment', 'key-file', 'keychain']);
export type StoreKeySource = z.infer<typeof storeKeySourceSchema>;

/** Where data may go and how it is kept, as the window and `shadow privacy` show it. */
export const privacyStatusSchema = z.object({
  /** One sentence: "Nothing leaves this machine." or the LLM host screen text and screenshots may go to. */
  dataMayGoTo: z.string(),
  localOnly: z.object({
    enabled: z.boolean(),
    /** `setting` when settings.json says so, `default` when it follows whether an LLM is configured. */
    source: z.enum(['setting', 'default']),
  }),
  llm: z.object({
    configured: z.boolean(),
    /** Host (and port) of the configured endpoint; null when none is configured. */
    endpoint: z.string().nullable(),
    /** The endpoint is on this machine (loopback). */
    local: z.boolean(),
    /** Configured but refused by the local-only switch: every call is answered offline. */
    refused: z.boolean(),
    /** Screenshots may be sent (a vision model is configured and allowed). */
    images: z.boolean(),
  }),
  store: z.object({
    encrypted: z.boolean(),
    keySource: storeKeySourceSchema.nullable(),
    keepScreenshots: z.boolean(),
    /** Kept screenshots are written encrypted (AES-GCM with a key derived from the store key). */
    framesEncrypted: z.boolean(),
    /** Plain words for the user when something is not protected (null when all is). */
    warning: z.string().nullable(),
  }),
  redaction: z.object({
    enabled: z.boolean(),
    kinds: z.array(redactionKindSchema),
    customPatterns: count,
    customWords: count,
  }),
});
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;

export const llmEndpointUsageSchema = z.object({
  endpoint: z.string(),
  calls: count,
  promptTokens: count,
  completionTokens: count,
});

/** One local day of what was kept out, hidden or sent: counts only, never the values. */
export const privacyReportSchema = z.object({
  date: z.string(),
  excluded: z.object({
    /** Time in excluded windows (the "private" time of app time). */
    seconds: z.number(),
    byRule: z.array(z.object({ rule: z.string(), seconds: z.number() })),
  }),
  framesDropped: z.object({
    total: count,
    byReason: z.array(z.object({ reason: z.string(), count })),
  }),
  /** Excluded windows painted black in screenshots of other windows. */
  regionsBlackedOut: count,
  redactions: z.object({
    total: count,
    byKind: z.record(redactionKindSchema, count),
    byChannel: z.record(redactionChannelSchema, count),
  }),
  /** What went to an LLM, from the record of each call. */
  llm: z.object({
    calls: count,
    /** Answered by the endpoint. */
    answered: count,
    /** Sent, but answered offline after an error or timeout. */
    fellBack: count,
    /** Never sent: refused by the local-only switch. */
    refused: count,
    promptTokens: count,
    completionTokens: count,
    imagesSent: count,
    /** Screenshots kept back because OCR found something to redact in them or had not checked them yet. */
    imagesWithheld: count,
    /** Bytes of the screenshots sent, as sent (each downscaled to at most 1024 px on its longest side). */
    imageBytes: count,
    endpoints: z.array(llmEndpointUsageSchema),
  }),
  /** Which agent (the MCP client's name) called which tool and how much it read, most tokens first. */
  agentReads: z.array(
    z.object({
      agent: z.string(),
      transport: z.enum(['stdio', 'http', 'in-memory']),
      tool: z.string(),
      calls: count,
      /** Tokens (cl100k) and bytes of the answers: text and structured content, images in bytes. */
      tokens: count,
      bytes: count,
      largestTokens: count,
      /** Answers that were a page of more, or cut to the budget. */
      paged: count,
    }),
  ),
  status: privacyStatusSchema,
});
export type PrivacyReport = z.infer<typeof privacyReportSchema>;

export const privacyOperations = defineOperations({
  privacyReport: defineOperation({
    method: 'GET',
    path: '/privacy/report',
    summary:
      'One day (default today) of what was kept private: time in excluded windows by rule, frames dropped, regions blacked out, strings redacted by kind, and what went to an LLM. Counts only.',
    input: z.object({ date: localDateSchema.optional() }).strict(),
    output: privacyReportSchema,
  }),
  privacyStatus: defineOperation({
    method: 'GET',
    path: '/privacy/status',
    summary: 'Where data may go (nothing leaves this machine, or the LLM host), whether the store is encrypted, and what is redacted.',
    input: z.object({}).strict(),
    output: privacyStatusSchema,
  }),
  setLocalOnly: defineOperation({
    method: 'PUT',
    path: '/privacy/local-only',
    summary: 'Turn the local-only switch on (refuse every LLM endpoint not on this machine) or off; saved in settings.json.',
    input: z.object({ enabled: z.boolean() }).strict(),
    output: privacyStatusSchema,
  }),
});
