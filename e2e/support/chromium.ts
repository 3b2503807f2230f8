import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { LAUNCH_ARGS } from './launch-args';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium; null when neither exists. */
export const findChromium = (): string | null => {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean) as string[];
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
