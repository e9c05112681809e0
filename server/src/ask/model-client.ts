import type { TokenCredential } from '@azure/identity';
import type { ClientOptions } from 'openai';
import { type ModelSettings, OPENAI_BASE_URL } from './model-settings.ts';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

/** A model that streams its answer's text; the rest of the gate never sees the client library. */
export interface ChatModel {
  /** The text deltas of one answer; ends when the model does, throws on any failure or abort. */
  stream(messages: readonly ChatMessage[], signal: AbortSignal): AsyncIterable<string>;
  /** For logs: which server and model, never the key. */
  readonly describe: string;
}

export interface OpenOptions {
  /** Azure without a key: the Entra ID credential (default DefaultAzureCredential; tests inject one). */
  readonly azureCredential?: TokenCredential;
}

/** The scope of an Entra ID token for Azure OpenAI (Cognitive Services). */
const AZURE_SCOPE = 'https://cognitiveservices.azure.com/.default';

/**
 * Opens the configured model's client. `openai` and `@azure/identity` are imported here, on demand,
 * so a gate without a model never loads them (server/test/ask-model-*.test.ts checks).
 */
export async function openChatModel(settings: ModelSettings, options: OpenOptions = {}): Promise<ChatModel> {
  const { OpenAI, AzureOpenAI } = await import('openai');
  const { provider } = settings;
  // Everything explicit: the library would otherwise read OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_ORG_ID
  // or OPENAI_LOG from the environment, beside the one schema of the gate's variables. No log of
  // the library's own (it can print request bodies, which hold passages); no retries: a failed answer
  // falls back to the extractive one at once, within the reader's wait.
  const common = {
    maxRetries: 0,
    timeout: settings.timeoutMs,
    logLevel: 'off',
    organization: null,
    project: null,
  } satisfies ClientOptions;
  if (provider.kind === 'azure') {
    const auth =
      provider.apiKey === null
        ? { azureADTokenProvider: await entraTokenProvider(options.azureCredential) }
        : { apiKey: provider.apiKey };
    const client = new AzureOpenAI({
      ...common,
      ...auth,
      baseURL: `${provider.endpoint.replace(/\/+$/, '')}/openai`,
      apiVersion: provider.apiVersion,
      deployment: provider.deployment,
    });
    return chatModel(client, provider.deployment, 'max_completion_tokens', settings.maxTokens, {
      describe: `Azure OpenAI ${new URL(provider.endpoint).host} deployment ${provider.deployment}`,
    });
  }
  // Local servers take any key; the library insists on one.
  const client = new OpenAI({ ...common, apiKey: provider.apiKey ?? 'none', baseURL: provider.baseUrl });
  // OpenAI's own service reads max_completion_tokens (max_tokens is refused by its reasoning models);
  // Ollama, vLLM and llama.cpp read max_tokens.
  const cap = provider.baseUrl === OPENAI_BASE_URL ? 'max_completion_tokens' : 'max_tokens';
  return chatModel(client, provider.model, cap, settings.maxTokens, {
    describe: `${new URL(provider.baseUrl).host} model ${provider.model}`,
  });
}

async function entraTokenProvider(credential: TokenCredential | undefined): Promise<() => Promise<string>> {
  const { DefaultAzureCredential, getBearerTokenProvider } = await import('@azure/identity');
  return getBearerTokenProvider(credential ?? new DefaultAzureCredential(), AZURE_SCOPE);
}

type Client = InstanceType<typeof import('openai').OpenAI>;

function chatModel(
  client: Client,
  model: string,
  cap: 'max_tokens' | 'max_completion_tokens',
  maxTokens: number,
  { describe }: { describe: string },
): ChatModel {
  return {
    describe,
    async *stream(messages, signal) {
      const stream = await client.chat.completions.create(
        { model, messages: [...messages], stream: true, [cap]: maxTokens },
        { signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
