import type { GateEnvironment } from '../env.ts';
import { ConfigError } from '../errors.ts';

/**
 * Which model answers "Ask the docs" (docs/ai.md, "Connect a model to Ask the docs"): an
 * OpenAI-compatible server (OpenAI itself, Ollama, vLLM, llama.cpp's server) or Azure OpenAI.
 * Without one, every answer is extractive and the gate never loads the model's client libraries.
 */
export type ModelProvider =
  | {
      readonly kind: 'openai-compatible';
      /** Ends before `/chat/completions`: `https://api.openai.com/v1`, `http://ollama:11434/v1`. */
      readonly baseUrl: string;
      readonly model: string;
      /** Null for local servers that take none. */
      readonly apiKey: string | null;
    }
  | {
      readonly kind: 'azure';
      /** `https://{resource}.openai.azure.com` */
      readonly endpoint: string;
      readonly deployment: string;
      readonly apiVersion: string;
      /** Null: Entra ID (DefaultAzureCredential: managed identity, workload identity, az login). */
      readonly apiKey: string | null;
    };

export interface ModelSettings {
  readonly provider: ModelProvider;
  /** The whole answer, first token to last. */
  readonly timeoutMs: number;
  /** Until the first token: a cold or overloaded server fails here, before the reader waits long. */
  readonly firstTokenTimeoutMs: number;
  readonly maxTokens: number;
  /** After this many consecutive failures the model is skipped for `coolDownMs` (model-breaker.ts). */
  readonly breakerFailures: number;
  readonly coolDownMs: number;
}

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const BREAKER_FAILURES = 3;
const COOL_DOWN_MS = 60_000;

/** The model of ASK_* (policy/src/environment/variables.ts), or null: extractive answers only. */
export function loadModelSettings(vars: GateEnvironment): ModelSettings | null {
  const provider = providerOf(vars);
  if (provider === null) return null;
  return Object.freeze({
    provider: Object.freeze(provider),
    timeoutMs: vars.ASK_MODEL_TIMEOUT * 1000,
    firstTokenTimeoutMs: Math.min(vars.ASK_MODEL_FIRST_TOKEN_TIMEOUT, vars.ASK_MODEL_TIMEOUT) * 1000,
    maxTokens: vars.ASK_MODEL_MAX_TOKENS,
    breakerFailures: BREAKER_FAILURES,
    coolDownMs: COOL_DOWN_MS,
  });
}

function providerOf(vars: GateEnvironment): ModelProvider | null {
  const apiKey = vars.ASK_MODEL_API_KEY ?? null;
  const endpoint = vars.ASK_AZURE_OPENAI_ENDPOINT;
  if (endpoint !== undefined) {
    if (vars.ASK_MODEL !== undefined || vars.ASK_MODEL_BASE_URL !== undefined) {
      throw new ConfigError(
        'ASK_AZURE_OPENAI_ENDPOINT and ASK_MODEL/ASK_MODEL_BASE_URL name two models: set one of them.',
      );
    }
    const deployment = vars.ASK_AZURE_OPENAI_DEPLOYMENT;
    if (deployment === undefined) {
      throw new ConfigError(
        'ASK_AZURE_OPENAI_ENDPOINT needs ASK_AZURE_OPENAI_DEPLOYMENT, the deployment that answers.',
      );
    }
    return { kind: 'azure', endpoint, deployment, apiVersion: vars.ASK_AZURE_OPENAI_API_VERSION, apiKey };
  }
  if (vars.ASK_AZURE_OPENAI_DEPLOYMENT !== undefined) {
    throw new ConfigError('ASK_AZURE_OPENAI_DEPLOYMENT needs ASK_AZURE_OPENAI_ENDPOINT.');
  }
  const model = vars.ASK_MODEL;
  if (model === undefined) {
    if (vars.ASK_MODEL_BASE_URL !== undefined) {
      throw new ConfigError('ASK_MODEL_BASE_URL needs ASK_MODEL, the model that answers.');
    }
    return null;
  }
  const baseUrl = (vars.ASK_MODEL_BASE_URL ?? OPENAI_BASE_URL).replace(/\/+$/, '');
  // OpenAI's own service refuses every request without a key: say so at start-up, not per question.
  if (apiKey === null && new URL(baseUrl).hostname === new URL(OPENAI_BASE_URL).hostname) {
    throw new ConfigError("ASK_MODEL without ASK_MODEL_BASE_URL is OpenAI's service: set ASK_MODEL_API_KEY.");
  }
  return { kind: 'openai-compatible', baseUrl, model, apiKey };
}
