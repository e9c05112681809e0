import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA, as axe-core tags them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Axe = typeof import('axe-core');

/** The axe-core that @axe-core/playwright injects into pages (its own dependency, not necessarily the hoisted one). */
const injectedAxe = (): Axe => {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve('@axe-core/playwright'))('axe-core') as Axe;
};

/**
 * The rules of those tags, chosen by their tags here rather than with `withTags`: a tag selection
 * leaves out every rule axe tags 'experimental', WCAG rules included, and says nothing about it
 * (the rules are not even listed as inapplicable). In axe-core 4.13 that hid
 * label-content-name-mismatch (2.5.3 Label in Name), css-orientation-lock (1.3.4) and p-as-heading,
 * td-has-header and table-fake-caption (1.3.1). Deprecated rules stay out, as axe leaves them.
 */
export const WCAG_RULES: readonly string[] = injectedAxe()
  .getRules(WCAG_TAGS)
  .filter((rule) => !rule.tags.includes('deprecated'))
  .map((rule) => rule.ruleId);

/** Every rule axe reported on, whatever the outcome. */
const reportedRules = (results: AxeResults) =>
  new Set(
    [results.violations, results.passes, results.incomplete, results.inapplicable].flatMap((group) =>
      group.map((rule) => rule.id),
    ),
  );

/**
 * Runs WCAG_RULES on the page, or on the part of it `include` selects. On a whole page, throws if
 * axe skipped any of them: a skipped rule would read as a pass. (On a part, axe leaves out the
 * page-level rules, such as bypass.)
 */
export async function wcagResults(page: Page, include?: string): Promise<AxeResults> {
  const builder = new AxeBuilder({ page }).withRules([...WCAG_RULES]);
  if (include) return builder.include(include).analyze();
  const results = await builder.analyze();
  const reported = reportedRules(results);
  const skipped = WCAG_RULES.filter((rule) => !reported.has(rule));
  if (skipped.length > 0) throw new Error(`axe did not run ${skipped.join(', ')}`);
  return results;
}

/** The WCAG violations on the page (or the part `include` selects), one line per element: `rule: target — why`. */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  const { violations } = await wcagResults(page, include);
  return violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  );
}
