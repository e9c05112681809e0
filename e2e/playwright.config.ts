import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { ALGOLIA_SEARCH_API_KEY, PORTS, SESSION_SECRET } from './tests/servers';

/**
 * Browser tests in the system Chromium (Debian's `chromium` package): Playwright cannot download
 * browsers here. The gate serves the real build on loopback ports, one server per sign-in setup:
 * - reading:  SKIP_AUTHENTICATION (the chrome and reading journeys, no sign-in in the way);
 * - signin:   the embedded OpenID provider, as `npm start` runs it;
 * - idp-down: a configured provider that does not answer;
 * - algolia:  SEARCH_BACKEND=algolia with the gate itself as "Algolia" (it speaks the same wire
 *             format and verifies secured keys), so the browser path of secured keys runs offline.
 * The fixture project needs no gate: its spec builds e2e/fixtures/chrome-site (Docusaurus's error
 * and loading chrome) and serves it on a free loopback port itself.
 */
const server = (port: number, env: Record<string, string>) => ({
  command: 'node --import tsx ../server/src/server.ts',
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 30_000,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The browser tests test pages, not load shedding (server/test/operations.test.ts does): a gate
    // starved of CPU by Chromium on the same 2 cores must not answer them 503.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  },
});

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'reading',
      testDir: './tests/reading',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${PORTS.reading}` },
    },
    {
      name: 'signin',
      testDir: './tests/signin',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${PORTS.signin}` },
    },
    {
      name: 'fixture',
      testDir: './tests/fixture',
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'algolia',
      testDir: './tests/algolia',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${PORTS.algolia}` },
    },
  ],
  webServer: [
    server(PORTS.reading, { SKIP_AUTHENTICATION: 'true' }),
    server(PORTS.signin, { DEV_IDP_PORT: String(PORTS.signinIdp), SESSION_SECRETS: SESSION_SECRET }),
    server(PORTS.idpDown, {
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'tala-docs',
      OIDC_CLIENT_SECRET: 'unused-secret',
      SESSION_SECRETS: SESSION_SECRET,
    }),
    server(PORTS.algolia, {
      DEV_IDP_PORT: String(PORTS.algoliaIdp),
      SESSION_SECRETS: SESSION_SECRET,
      SEARCH_BACKEND: 'algolia',
      ALGOLIA_APP_ID: 'TALAE2E',
      ALGOLIA_SEARCH_API_KEY,
      ALGOLIA_HOSTS: `http://127.0.0.1:${PORTS.algolia}`,
    }),
  ],
});
