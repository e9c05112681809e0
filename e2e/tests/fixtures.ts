import { test as base, expect } from '@playwright/test';

/**
 * Every test fails if the page logs a Content-Security-Policy violation or an uncaught error:
 * the portal must work under its own CSP.
 */
export const test = base.extend<{ consoleProblems: string[]; allowedProblem: RegExp | null }>({
  /** Uncaught errors and refusals a test expects (e.g. chunks refused after the session ended). */
  allowedProblem: [null, { option: true }],
  consoleProblems: [
    async ({ page, allowedProblem }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(text)) {
          if (!allowedProblem?.test(text)) problems.push(text);
        }
      });
      page.on('pageerror', (error) => {
        if (!allowedProblem?.test(error.message)) problems.push(`pageerror: ${error.message}`);
      });
      await use(problems);
      expect(problems, 'console problems').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
