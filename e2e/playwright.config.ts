import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in the system Chromium (Debian's `chromium` package): Playwright cannot download
 * browsers here. The gate serves the real build on loopback ports, one server per identity mode.
 */
export const SKIP_AUTH_PORT = Number(process.env.E2E_PORT ?? 3101);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${SKIP_AUTH_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx ../server/src/server.ts',
      url: `http://127.0.0.1:${SKIP_AUTH_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(SKIP_AUTH_PORT), HOST: '127.0.0.1', SKIP_AUTHENTICATION: 'true', LOG_LEVEL: 'warn' },
    },
  ],
});
