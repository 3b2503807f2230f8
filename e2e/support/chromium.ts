import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { LAUNCH_ARGS } from './launch-args';

/**
 * CHROMIUM_PATH, else Debian's headless Chromium (package chromium-headless-shell), else its
 * full Chromium; null when none exists. The headless build is the same engine without the
 * browser's own windows and pages: about a tenth less processor time for the same tests
 * (first-day and appearance: 81 s against 91 s of the machine's time).
 */
export const findChromium = (): string | null => {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
  ].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path)) ?? null;
};

const chromiumPath = findChromium();

if (!chromiumPath) {
  const text =
    "NO CHROMIUM: set CHROMIUM_PATH or install Debian's chromium (apt-get install -y chromium)";
  if (process.env.CI === 'true')
    throw new Error(`${text}; browser tests cannot be skipped under CI=true`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING THE BROWSER TESTS. ${text}\n${'!'.repeat(78)}\n`);
}

/** False when the browser tests must be skipped (never under CI=true: that throws above). */
export const hasChromium = chromiumPath !== null;

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath!, args: LAUNCH_ARGS, headless: true });
