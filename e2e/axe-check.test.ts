import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { openPage } from './support/session';

/**
 * The accessibility check every screen's test relies on still finds what it must: it reads only
 * axe's violations (to save time), so a page with known faults proves it did not go blind.
 */
describe.skipIf(!hasChromium)('the accessibility check', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('names the faults of a page that has them, and none on the same page fixed', async () => {
    const { page } = await openPage(browser);
    const faulty = `<!doctype html><html lang="vi"><head><title>Thử</title></head><body><main>
      <h1>Đơn hàng</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <p style="color:#777;background:#888">Chữ mờ trên nền xám</p>
      <input type="text">
    </main></body></html>`;
    await page.setContent(faulty);
    const found = await axeViolations(page);
    for (const rule of ['image-alt', 'color-contrast', 'label'])
      expect(
        found.some((line) => line.includes(`: ${rule} (`)),
        rule,
      ).toBe(true);

    await page.setContent(
      faulty
        .replace('<img ', '<img alt="Ảnh" ')
        .replace('color:#777;background:#888', 'color:#000;background:#fff')
        .replace('<input type="text">', '<label>Tên <input type="text"></label>'),
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends axe into a document once, and again into the next document', async () => {
    const { page } = await openPage(browser);
    await page.setContent(
      '<!doctype html><html lang="vi"><title>Thử</title><main><h1>Ổn</h1></main>',
    );
    expect(await axeViolations(page)).toEqual([]);
    // a mark on the axe the page holds: a second injection would replace it
    await page.evaluate('window.axe.checkedBefore = true');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate('window.axe.checkedBefore')).toBe(true);
    await page.setContent(
      '<!doctype html><html lang="vi"><title>Thử</title><main><h1>Ổn</h1><img src="x.png"></main>',
    );
    expect((await axeViolations(page)).join('\n')).toContain(': image-alt (');
  });
});
