import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe';
import { saveScreenshot } from './session';

/** How a screen is looked at: its language, theme and direction. */
export type Look = {
  language: 'vi' | 'en' | 'ja';
  theme: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
};

/** The shop's own look: Vietnamese, light, left to right. */
export const SHOP_LOOK: Look = { language: 'vi', theme: 'light', direction: 'ltr' };

/**
 * A screen in the shop's look and once in every other language, theme and direction together:
 * each look more opened the same screen again (English is the texts' source language, the one
 * least likely to overflow).
 */
export const TWO_LOOKS: readonly Look[] = [
  SHOP_LOOK,
  { language: 'ja', theme: 'dark', direction: 'rtl' },
];

/** Waits until drawers, modals and lists have stopped moving (spinners aside). */
export const settle = async (page: Page) => {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
};

/** Once still: a screenshot named by the area, the screen and the look, and no serious axe finding. */
export const shootLook = async (page: Page, area: string, name: string, look: Look) => {
  await settle(page);
  await saveScreenshot(page, `${area}-${name}-${look.language}-${look.theme}-${look.direction}`);
  expect(await axeViolations(page)).toEqual([]);
};
