import type { PrivacyStatus, RedactionKind, StoreKeySource } from '../../shared/contract/privacy';
import type { Settings } from '../config/settings';
import type { LlmEndpoint } from './llm-destination';

export interface StoreProtection {
  readonly databaseFile: string;
  readonly encrypted: boolean;
  readonly keySource: StoreKeySource | null;
  readonly framesEncrypted: boolean;
}

/** The local-only switch as it applies: the setting when the user chose, else on exactly when no LLM is configured. */
export function localOnlyOf(settings: Pick<Settings, 'localOnly'>, llmConfigured: boolean): PrivacyStatus['localOnly'] {
  return settings.localOnly === undefined
    ? { enabled: !llmConfigured, source: 'default' }
    : { enabled: settings.localOnly, source: 'setting' };
}

function destinationSentence(llm: PrivacyStatus['llm']): string {
  if (!llm.configured) return 'Nothing leaves this machine.';
  if (llm.refused) return `Nothing leaves this machine: the local-only switch refuses the LLM at ${llm.endpoint}.`;
  if (llm.local) return `Nothing leaves this machine: the LLM runs here (${llm.endpoint}).`;
  const what = llm.images ? 'Redacted screen text, window titles, chat and screenshots' : 'Redacted screen text, window titles and chat';
  return `${what} may be sent to the LLM at ${llm.endpoint}.`;
}

function storeWarning(store: StoreProtection, keepScreenshots: boolean): string | null {
  if (store.encrypted) return null;
  const frames = keepScreenshots ? ' and the kept screenshots' : '';
  return (
    `The store is not encrypted: anyone who can read ${store.databaseFile}${frames} can read your history. ` +
    'Encrypt it with `shadow encrypt --key-file <path>` (or SHADOW_DB_KEY) while the app is not running.'
  );
}

/** The LLM the profile is configured with (also in a process that only reads and never calls it). */
export interface ConfiguredLlm {
  readonly destination: LlmEndpoint | null;
  readonly vision: boolean;
}

/** Where data may go and how it is kept, in the words the window and the CLI show. */
export function privacyStatus(settings: Settings, llm: ConfiguredLlm, store: StoreProtection): PrivacyStatus {
  const { destination } = llm;
  const localOnly = localOnlyOf(settings, destination !== null);
  const refused = destination !== null && !destination.local && localOnly.enabled;
  const llmView: PrivacyStatus['llm'] = {
    configured: destination !== null,
    endpoint: destination?.endpoint ?? null,
    local: destination?.local ?? true,
    refused,
    images: llm.vision && !refused,
  };
  const { redaction } = settings;
  return {
    dataMayGoTo: destinationSentence(llmView),
    localOnly,
    llm: llmView,
    store: {
      encrypted: store.encrypted,
      keySource: store.keySource,
      keepScreenshots: settings.keepScreenshots,
      framesEncrypted: store.framesEncrypted,
      warning: storeWarning(store, settings.keepScreenshots),
    },
    redaction: {
      enabled: redaction.enabled,
      kinds: redaction.enabled ? ([...redaction.kinds, 'custom'] as RedactionKind[]) : [],
      customPatterns: redaction.patterns.length,
      customWords: redaction.words.length,
    },
  };
}
