import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Every accessibility violation on the page (WCAG 2.1 A and AA and best practice), as readable lines. */
export const axeViolations = async (page: Page): Promise<string[]> => {
  const results = await new AxeBuilder({ page })
    // axe.run in the page with its same-origin frames; the default mode runs each frame apart
    // and merges them in a new blank page, twice the time for the same findings here
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only the violations are read: axe then keeps one node per passed or inapplicable rule
    // instead of every node it checked, the same findings in about half the page's time.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(', ')}`,
  );
};
