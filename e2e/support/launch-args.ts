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

export const LAUNCH_ARGS = [
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
