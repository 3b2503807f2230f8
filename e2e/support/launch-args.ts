// No side effects here: the bench imports this too (bench/posts.ts).

/**
 * Chromium 156 (Debian's 156.0.8078.108) builds its address bar's drop-down, a page of its own
 * (chrome://omnibox-popup.top-chrome) in a renderer of its own, for every new browser context,
 * headless too. On these two-core machines that took some 4 s of processor time beside the
 * page being loaded: a bare HTML page's first row went from about 160 ms to about 300 ms, and
 * the admin's from about 1.25 s to 2.5 s. A headless browser never shows that drop-down.
 * (Chromium adds this list to the one Playwright passes, it does not replace it.)
 */
export const NO_ADDRESS_BAR_POPUP =
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup';

/**
 * V8's optimising compilers (Maglev, TurboFan) compile a page's hot functions again, on threads
 * of their own, for a speed that pays off over minutes of use. A test's page lives seconds, and
 * the code it runs is the same JavaScript whichever tier runs it: on these two cores the
 * browser's processor time for the same test files fell by an eighth to a sixth without them
 * (Chromium's time, runs alone: generic-screens 33–39 s → 28–34 s, content 84–97 s → 73–83 s,
 * posts 57–63 s → 50–51 s), and no file took longer. The benchmarks launch their own browser,
 * with V8 as users have it.
 */
export const INTERPRETER_AND_BASELINE_ONLY = '--js-flags=--no-opt --no-maglev';

export const LAUNCH_ARGS = [
  INTERPRETER_AND_BASELINE_ONLY,
  '--headless=new',
  NO_ADDRESS_BAR_POPUP,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
