/**
 * Every environment variable the portal reads, with its kind, default and meaning: the one
 * configuration source of the gate (server/src/config.ts), the site build (site/config/), the
 * standalone development provider and `search:push`. Each program reads the variables it uses
 * (the `*_VARIABLES` lists below); the configuration tables of docs/operations.md document the same names
 * (policy/test/environment.test.ts keeps them in step).
 */
import { Type } from '@sinclair/typebox';
import { PORTAL_DEFAULTS } from '../defaults.ts';
import { Choice, Duration, Flag, HttpUrl, HttpUrlList, List, Port, ServiceUrl, Text, WholeNumber } from './kinds.ts';

/** OTEL_TRACES_SAMPLER's values, as the OpenTelemetry SDK names them. */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const pagesPrefix = Text({
  description: 'Path prefix of the pages, e.g. /docs',
  pattern: '^(/[\\w\\-/]*)?$',
  expected: 'a path such as /docs',
  default: '',
});

export const VARIABLES = {
  PORT: Port({ description: 'Port to listen on', default: PORTAL_DEFAULTS.port }),
  HOST: Text({ description: 'Interface to listen on', default: '127.0.0.1' }),
  BUILD_DIR: Type.Optional(Text({ description: 'The built portal to serve' })),
  ENVIRONMENT: Choice(['production', 'development'], {
    description: 'production forbids development conveniences',
    default: 'development',
  }),
  SKIP_AUTHENTICATION: Flag({ description: 'Every visitor is a reader with the on-prem role' }),
  PUBLIC_URL: Type.Optional(HttpUrl({ description: "The portal's external origin" })),
  PAGES_PREFIX: pagesPrefix,
  TRUST_PROXY: Type.Optional(Text({ description: 'Trust X-Forwarded-* (true/false, a hop count, or addresses)' })),
  LOG_LEVEL: Choice(LOG_LEVELS, { description: 'Log level', default: 'info' }),
  REDIS_URL: Type.Optional(ServiceUrl(['redis:', 'rediss:'], { description: 'Shared state of several replicas' })),
  METRICS_PORT: Type.Optional(Port({ description: 'Prometheus /metrics on this port' })),
  SHUTDOWN_TIMEOUT: Duration({ description: 'How long a SIGTERM waits for in-flight requests', default: '10s' }),
  SHED_EVENT_LOOP_DELAY_MS: WholeNumber({
    description: 'Mean event-loop delay (ms) above which new requests get 503; 0: never',
    default: 1000,
  }),
  ALLOW_DEV_IDP: Flag({ description: 'Start the embedded provider beyond loopback' }),
  MSAL_CLIENT_ID: Type.Optional(Text({ description: 'Entra ID application (client) id' })),
  MSAL_AUTHORITY: Type.Optional(HttpUrl({ description: 'Entra ID authority' })),
  MSAL_TENANT_NAME: Type.Optional(Text({ description: 'Entra ID tenant name' })),
  MSAL_TENANT_ID: Type.Optional(Text({ description: 'Entra ID tenant id' })),
  OIDC_ISSUER: Type.Optional(HttpUrl({ description: 'Issuer URL of any OpenID Connect provider' })),
  OIDC_CLIENT_ID: Type.Optional(Text({ description: 'Client id registered at the provider' })),
  OIDC_CLIENT_SECRET: Type.Optional(Text({ description: 'Client secret', writeOnly: true })),
  // Lists for the standalone development provider, which serves several gates; a gate takes one.
  OIDC_REDIRECT_URI: Type.Optional(HttpUrlList({ description: 'Redirect URI registered at the provider' })),
  OIDC_POST_LOGOUT_REDIRECT_URI: Type.Optional(
    HttpUrlList({ description: 'Where the provider sends the browser after logout' }),
  ),
  OIDC_SCOPES: Text({ description: 'Scopes of the sign-in request', default: 'openid profile' }),
  OIDC_ROLES_CLAIM: Text({ description: 'ID token claim that carries the roles', default: 'roles' }),
  SESSION_SECRETS: Type.Optional(List({ description: 'Session cookie secrets, newest first', writeOnly: true })),
  SESSION_MAX_AGE: Duration({ description: 'Absolute session lifetime', default: '8h' }),
  SESSION_IDLE_TIMEOUT: Duration({ description: 'A session unused this long ends', default: '1h' }),
  SESSION_ROLE_TTL: Duration({ description: 'How long roles read at sign-in are trusted', default: '1h' }),
  DEV_IDP_PORT: Port({ description: 'Loopback port of the embedded provider', default: 3001 }),
  ALGOLIA_INDEX_NAME: Text({ description: 'Search index name', default: PORTAL_DEFAULTS.search.indexName }),
  REQUEST_ACCESS_URL: Type.Optional(HttpUrl({ description: "Target of the 'Request Access' link" })),
  SEARCH_BACKEND: Choice(['embedded', 'algolia'], { description: 'Where searches go', default: 'embedded' }),
  ALGOLIA_APP_ID: Type.Optional(Text({ description: 'Algolia application id' })),
  ALGOLIA_SEARCH_API_KEY: Type.Optional(Text({ description: 'Search-only Algolia key', writeOnly: true })),
  ALGOLIA_ADMIN_API_KEY: Type.Optional(
    Text({ description: 'Algolia key with write rights (search:push)', writeOnly: true }),
  ),
  ALGOLIA_HOSTS: Type.Optional(HttpUrlList({ description: "Search hosts instead of Algolia's" })),
  BUILD_CACHE: Flag({
    description: "Keep the bundler's persistent cache between builds (faster rebuilds, about 0.7 GiB more at peak)",
  }),
  SEARCH_PUSH_FULL: Flag({ description: 'search:push replaces the whole index instead of sending what changed' }),
  ALGOLIA_KEY_LIFETIME_SECONDS: WholeNumber({
    description: "Lifetime of a reader's secured key",
    minimum: 60,
    default: PORTAL_DEFAULTS.search.keyLifetimeSeconds,
  }),
  SEARCH_WORKERS: Type.Optional(WholeNumber({ description: 'Worker threads that rank searches', maximum: 64 })),
  SEARCH_RATE_PER_MINUTE: WholeNumber({
    description: 'Searches per reader per minute',
    minimum: 1,
    default: PORTAL_DEFAULTS.search.rate.perMinute,
  }),
  SEARCH_HEAVY_RATE_PER_MINUTE: WholeNumber({
    description: 'Heavy searches per reader per minute',
    minimum: 1,
    default: PORTAL_DEFAULTS.search.rate.heavyPerMinute,
  }),
  MCP_CALLS_PER_MINUTE: WholeNumber({
    description: 'MCP requests per reader (all their assistants together) per minute',
    minimum: 1,
    default: 240,
  }),
  ASK_RATE_PER_MINUTE: WholeNumber({
    description: 'Questions to POST /api/ask per reader per minute',
    minimum: 1,
    default: 20,
  }),
  // "Ask the docs" with a model (server/src/ask/model-settings.ts): an OpenAI-compatible server
  // (OpenAI itself, Ollama, vLLM, llama.cpp) or Azure OpenAI. Without either, answers are extractive.
  ASK_MODEL: Type.Optional(Text({ description: 'Model name at an OpenAI-compatible server; turns model answers on' })),
  ASK_MODEL_BASE_URL: Type.Optional(
    HttpUrl({ description: "Base URL of an OpenAI-compatible server (…/v1); default OpenAI's" }),
  ),
  ASK_MODEL_API_KEY: Type.Optional(
    Text({ description: 'API key of the model server or Azure OpenAI', writeOnly: true }),
  ),
  ASK_AZURE_OPENAI_ENDPOINT: Type.Optional(
    HttpUrl({ description: 'Azure OpenAI resource endpoint; turns model answers on' }),
  ),
  ASK_AZURE_OPENAI_DEPLOYMENT: Type.Optional(Text({ description: 'Azure OpenAI deployment name' })),
  ASK_AZURE_OPENAI_API_VERSION: Text({ description: 'Azure OpenAI API version', default: '2024-10-21' }),
  ASK_MODEL_TIMEOUT: Duration({
    description: 'Longest a model answer may take before the extractive one',
    default: '20s',
  }),
  ASK_MODEL_FIRST_TOKEN_TIMEOUT: Duration({
    description: "Longest wait for the model's first token before the extractive answer",
    default: '8s',
  }),
  ASK_MODEL_MAX_TOKENS: WholeNumber({ description: 'Most tokens of a model answer', minimum: 16, default: 800 }),
  // OpenTelemetry's own names (the SDK's environment specification): the gate validates them, the
  // exporter and the resource read them as the SDK documents.
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(HttpUrl({ description: 'OTLP/HTTP base URL; turns tracing on' })),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(
    HttpUrl({ description: 'OTLP/HTTP URL of traces (…/v1/traces); turns tracing on' }),
  ),
  OTEL_EXPORTER_OTLP_HEADERS: Type.Optional(
    Text({ description: 'Headers of every export, key=value,…', writeOnly: true }),
  ),
  OTEL_SERVICE_NAME: Text({ description: 'service.name of the spans', default: 'tala-docs' }),
  OTEL_TRACES_SAMPLER: Choice(TRACES_SAMPLERS, {
    description: 'Which traces are kept',
    default: 'parentbased_always_on',
  }),
  OTEL_TRACES_SAMPLER_ARG: Type.Optional(
    Text({
      description: 'Ratio of the traceidratio samplers',
      pattern: '^(0(\\.\\d+)?|1(\\.0+)?|\\.\\d+)$',
      expected: 'a ratio from 0 to 1',
    }),
  ),
  REDIRECT_URI: Type.Optional(HttpUrl({ description: 'Build-time sign-in redirect URI' })),
  SITE_URL: HttpUrl({
    description: 'Origin used in the sitemap and canonical links',
    default: PORTAL_DEFAULTS.siteUrl,
  }),
  SEARCH_MISSING_RESULTS_URL: Type.Optional(HttpUrl({ description: 'Where "Let us know" in the search modal points' })),
  DOCS_EDIT_URL: Type.Optional(
    HttpUrl({
      description:
        'Where "Edit this page" points: the site folder of the docs repository, to which a page\'s path is appended (e.g. https://git.example.com/docs/edit/main/site/)',
    }),
  ),
} as const;

export type VariableName = keyof typeof VARIABLES;

export const GATE_VARIABLES = [
  'PORT',
  'HOST',
  'BUILD_DIR',
  'ENVIRONMENT',
  'SKIP_AUTHENTICATION',
  'PUBLIC_URL',
  'PAGES_PREFIX',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'REDIS_URL',
  'METRICS_PORT',
  'SHUTDOWN_TIMEOUT',
  'SHED_EVENT_LOOP_DELAY_MS',
  'ALLOW_DEV_IDP',
  'MSAL_CLIENT_ID',
  'MSAL_AUTHORITY',
  'MSAL_TENANT_NAME',
  'MSAL_TENANT_ID',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_REDIRECT_URI',
  'OIDC_POST_LOGOUT_REDIRECT_URI',
  'OIDC_SCOPES',
  'OIDC_ROLES_CLAIM',
  'SESSION_SECRETS',
  'SESSION_MAX_AGE',
  'SESSION_IDLE_TIMEOUT',
  'SESSION_ROLE_TTL',
  'DEV_IDP_PORT',
  'ALGOLIA_INDEX_NAME',
  'REQUEST_ACCESS_URL',
  'SEARCH_BACKEND',
  'ALGOLIA_APP_ID',
  'ALGOLIA_SEARCH_API_KEY',
  'ALGOLIA_HOSTS',
  'ALGOLIA_KEY_LIFETIME_SECONDS',
  'SEARCH_WORKERS',
  'SEARCH_RATE_PER_MINUTE',
  'SEARCH_HEAVY_RATE_PER_MINUTE',
  'MCP_CALLS_PER_MINUTE',
  'ASK_RATE_PER_MINUTE',
  'ASK_MODEL',
  'ASK_MODEL_BASE_URL',
  'ASK_MODEL_API_KEY',
  'ASK_AZURE_OPENAI_ENDPOINT',
  'ASK_AZURE_OPENAI_DEPLOYMENT',
  'ASK_AZURE_OPENAI_API_VERSION',
  'ASK_MODEL_TIMEOUT',
  'ASK_MODEL_FIRST_TOKEN_TIMEOUT',
  'ASK_MODEL_MAX_TOKENS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_SERVICE_NAME',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
] as const satisfies readonly VariableName[];

export const BUILD_VARIABLES = [
  'ENVIRONMENT',
  'MSAL_CLIENT_ID',
  'MSAL_AUTHORITY',
  'MSAL_TENANT_NAME',
  'MSAL_TENANT_ID',
  'REDIRECT_URI',
  'PAGES_PREFIX',
  'SKIP_AUTHENTICATION',
  'REQUEST_ACCESS_URL',
  'ALGOLIA_INDEX_NAME',
  'SITE_URL',
  'SEARCH_MISSING_RESULTS_URL',
  'BUILD_CACHE',
  'DOCS_EDIT_URL',
] as const satisfies readonly VariableName[];

export const PUSH_VARIABLES = [
  'ALGOLIA_APP_ID',
  'ALGOLIA_ADMIN_API_KEY',
  'ALGOLIA_INDEX_NAME',
  'ALGOLIA_HOSTS',
  'PUBLIC_URL',
  'PAGES_PREFIX',
  'BUILD_DIR',
  'SEARCH_PUSH_FULL',
] as const satisfies readonly VariableName[];

export const DEV_IDP_VARIABLES = [
  'ENVIRONMENT',
  'DEV_IDP_PORT',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_REDIRECT_URI',
  'OIDC_POST_LOGOUT_REDIRECT_URI',
  'PUBLIC_URL',
  'PAGES_PREFIX',
] as const satisfies readonly VariableName[];
