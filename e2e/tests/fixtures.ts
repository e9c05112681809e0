import { test as base, expect } from '@playwright/test';

/**
 * Every test fails if the page logs a Content-Security-Policy violation or an uncaught error:
 * the portal must work under its own CSP.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, 'console problems').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
