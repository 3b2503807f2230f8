import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** What a test expects no finding of: WCAG 2.1 A and AA, and axe's best practice. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core's source goes into a document once, not per check. `@axe-core/playwright`, which
 * this replaced, sent its 560 KB into the page twice for every check (1.3 MB messages to
 * compile and run, about 85 ms of the page's processor time each), and a test checks one
 * page several times. A frame that navigated has a new document without axe, so each check
 * asks first. Strings, not functions: the page does not get the test's transpiled helpers.
 */
const injectOnce = async (page: Page) => {
  // The admin has no frames of its own; a same-origin frame (a preview) is checked with its page.
  for (const frame of page.frames()) {
    const inject = async () => {
      if (!(await frame.evaluate('typeof window.axe === "object"')))
        await frame.evaluate(axe.source);
    };
    // a frame that went away meanwhile has nothing to check; the page itself must take axe
    if (frame === page.mainFrame()) await inject();
    else await inject().catch(() => undefined);
  }
};

/**
 * Every accessibility violation on the page and its same-origin frames, whatever its impact,
 * as readable lines; a test expects none. Only the violations are asked for: axe then keeps one
 * node per passed or inapplicable rule instead of every node it checked, the same findings in
 * about half the page's time.
 */
export const axeViolations = async (page: Page): Promise<string[]> => {
  await injectOnce(page);
  const options = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  return page.evaluate(`window.axe.run(document, ${JSON.stringify(options)}).then((results) =>
    results.violations.map((violation) =>
      violation.impact + ': ' + violation.id + ' (' + violation.help + ') at ' +
      violation.nodes.slice(0, 3)
        .map((node) => node.target.join(' ') + ' ' + node.html.slice(0, 160))
        .join(', ')))`);
};
