import { z } from 'zod';
import { messageOf } from '../util/message-of';

/** The part of an OpenAI-compatible `GET /models` answer we read. */
const modelListSchema = z.object({ data: z.array(z.object({ id: z.string().min(1) })) });

/** Models a server lists that cannot hold a conversation (embeddings, speech, images, moderation). */
const NOT_FOR_CHAT = /embed|whisper|tts|dall-e|moderation|rerank|transcribe/i;

/**
 * The model to use when only an endpoint was given (a local server usually serves one): the first model
 * the server lists that can chat. Throws an error that says what to set when there is none.
 */
export async function discoverModel(
  endpoint: { baseUrl: string; apiKey: string; timeoutMs: number },
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/models`;
  const fix = 'set the model to use (SHADOW_LLM_MODEL, or llm.textModel in settings.json)';
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { authorization: `Bearer ${endpoint.apiKey}` },
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (error) {
    throw new Error(`No model is set and ${url} could not be asked which models it serves (${messageOf(error)}); ${fix}`);
  }
  if (!response.ok) throw new Error(`No model is set and ${url} answered ${response.status} when asked which models it serves; ${fix}`);
  const parsed = modelListSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(`No model is set and ${url} did not answer with a list of models; ${fix}`);
  const model = parsed.data.data.find((m) => !NOT_FOR_CHAT.test(m.id));
  if (!model) throw new Error(`No model is set and ${url} lists no model that can chat; ${fix}`);
  return model.id;
}
