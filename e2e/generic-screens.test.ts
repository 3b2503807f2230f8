import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { type Look, TWO_LOOKS } from './support/looks';
import { closeWithTest, screenshot, stillAnimations } from './support/session';

/**
 * The admin's generic pieces (tree list, nested-list form, list with filters and bulk actions)
 * on a page of their own with in-memory data: built from e2e/harness/generic-screens with the
 * admin's Vite config and its real providers (theme, direction, language), never part of the app.
 */
const ORIGIN = 'http://generic-screens.test';
const HARNESS = join(ROOT, 'e2e/harness/generic-screens');

describe.skipIf(!hasChromium)('generic screens in the browser', () => {
  let browser: Browser;
  let outDir = '';
  const pages: Page[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'generic-screens-'));
    await build({
      configFile: join(ROOT, 'apps/admin/vite.config.ts'),
      root: HARNESS,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: false },
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  const open = async ({ theme, direction, language }: Look, width = 1280) => {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      reducedMotion: 'reduce',
    });
    closeWithTest(context);
    await stillAnimations(context);
    await context.addInitScript(
      (prefs) => {
        window.localStorage.setItem('theme', prefs.theme);
        window.localStorage.setItem('direction', prefs.direction);
        window.localStorage.setItem('current_language', prefs.language);
      },
      { theme, direction, language },
    );
    await context.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      // No server here: the shell's public site call gets the defaults, anything else a 404.
      if (path === '/api/v1/site')
        return route.fulfill({
          json: { data: { site_name: null, site_logo: null, site_logo_dark: null, favicon: null } },
        });
      if (path.startsWith('/api/'))
        return route.fulfill({ status: 404, json: { message: 'Not found', code: 'not_found' } });
      const file = join(outDir, normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, ''));
      if (existsSync(file) && statSync(file).isFile()) return route.fulfill({ path: file });
      return route.fulfill({ path: join(outDir, 'index.html'), contentType: 'text/html' });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    pages.push(page);
    await page.goto(`${ORIGIN}/`);
    await page.getByRole('tree', { name: 'Danh mục' }).waitFor();
    await page.locator('tbody tr[data-row-key]').first().waitFor();
    return { page, errors };
  };

  const treeState = async (page: Page) =>
    (await page.getByTestId('tree-state').textContent())!.split('\n');

  const node = (page: Page, title: string) =>
    page.locator('.ant-tree-treenode', {
      has: page.locator('.ant-tree-title > div > span', { hasText: new RegExp(`^${title}$`) }),
    });

  it('moves tree nodes with the keyboard: select, Alt + arrows, and the buttons', async () => {
    const { page, errors } = await open({ theme: 'light', direction: 'ltr', language: 'en' });
    // Keyboard only: into the tree, End to its last node (the arrows select as they go).
    await page.getByRole('tree', { name: 'Danh mục' }).focus();
    await page.keyboard.press('End');
    await page.getByText('Selected: Quà tặng').waitFor();
    // Alt+↑ above Bánh ngọt, Alt+→ into Đồ uống (the item above), as its last child.
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowRight');
    expect(await treeState(page)).toEqual([
      'Đồ uống<',
      'Cà phê<1',
      'Cà phê sữa đá<2',
      'Trà<1',
      'Quà tặng<1',
      'Bánh ngọt<',
    ]);
    await expect
      .poll(() => page.getByTestId('tree-announcement').textContent())
      .toBe('Quà tặng moved under Đồ uống, position 3.');
    // The buttons do the same: into Trà, three levels deep.
    await page.getByRole('button', { name: 'Move into the item above' }).click();
    expect(await treeState(page)).toContain('Quà tặng<4');
    await page.getByRole('button', { name: 'Move out of its parent' }).click();
    expect(await treeState(page)).toContain('Quà tặng<1');
    expect(errors).toEqual([]);
  });

  /**
   * Drags a node by the mouse onto another: over its upper part it lands before it, over its
   * lower part inside it (the tree also reads how far right the pointer went).
   */
  const drag = async (page: Page, from: string, to: string, part: 'upper' | 'lower') => {
    const source = (await node(page, from).locator('.ant-tree-title').boundingBox())!;
    const target = (await node(page, to).locator('.ant-tree-title').boundingBox())!;
    const y = target.y + target.height * (part === 'upper' ? 0.2 : 0.8);
    await page.mouse.move(source.x + 10, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(source.x + 20, source.y + source.height / 2, { steps: 3 });
    await page.mouse.move(target.x + 10, y, { steps: 10 });
    await page.mouse.move(target.x + 12, y, { steps: 2 });
    await page.mouse.up();
  };

  it('builds a four-level tree by dragging, reorders by dragging, and refuses a node dropped into its own branch', async () => {
    const { page, errors } = await open({ theme: 'light', direction: 'ltr', language: 'vi' });
    await drag(page, 'Bánh ngọt', 'Cà phê sữa đá', 'lower');
    await expect.poll(() => treeState(page)).toContain('Bánh ngọt<3');
    await drag(page, 'Quà tặng', 'Đồ uống', 'upper');
    await expect
      .poll(() => treeState(page))
      .toEqual(['Quà tặng<', 'Đồ uống<', 'Cà phê<1', 'Cà phê sữa đá<2', 'Bánh ngọt<3', 'Trà<1']);
    const before = await treeState(page);
    await drag(page, 'Đồ uống', 'Cà phê sữa đá', 'lower');
    // the drag has ended and the page has drawn twice since: a refused drop changed nothing
    await page
      .locator('.ant-tree-treenode-dragging, .drag-over, .drag-over-gap-bottom')
      .first()
      .waitFor({ state: 'detached' });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await treeState(page)).toEqual(before);
    await screenshot(page, 'generic-tree-dragged');
    expect(errors).toEqual([]);
  });

  it('asks what happens to the children when a node that has some is deleted', async () => {
    const { page } = await open({ theme: 'light', direction: 'ltr', language: 'en' });
    await page.getByRole('button', { name: 'Xóa Cà phê', exact: true }).click();
    await page.getByText('It has 1 sub-items. What should happen to them?').waitFor();
    await screenshot(page, 'generic-tree-delete-confirm');
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await expect.poll(() => treeState(page)).toContain('Cà phê sữa đá<1');
    expect(await treeState(page)).not.toContain('Cà phê<1');
  });

  it('edits nested lists by keyboard and sends them in order; shows nested errors', async () => {
    const { page, errors } = await open({ theme: 'light', direction: 'ltr', language: 'en' });
    await page.locator('#course_title').fill('Pha chế cà phê');
    expect(await page.locator('#course_slug').inputValue()).toBe('pha-che-ca-phe');
    await page.getByRole('button', { name: /Add: Mức/ }).click();
    await page.locator('#course_config_1_quantity').fill('10');
    await page.locator('#course_config_1_discount').fill('25000');
    // Keyboard only: focus "move item 2 up" and press Enter.
    await page.getByRole('button', { name: 'Move item 2 up' }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Add: Bài/ }).click();
    await page.locator('#course_chapters_0_lessons_1_title').fill('');
    await page.locator('#course_data').fill('{"level": }');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .locator('.ant-form-item', { has: page.locator('#course_data') })
      .getByText(/^This is not valid JSON/)
      .waitFor();
    await page
      .locator('.ant-form-item', { has: page.locator('#course_chapters_0_lessons_1_title') })
      .getByText('This field is required.')
      .waitFor();
    await screenshot(page, 'generic-form-errors');
    await page.locator('#course_data').fill('{"level": "nâng cao"}');
    await page.locator('#course_chapters_0_lessons_1_title').fill('Bài 2: Rang xay');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('form-sent').textContent()).not.toBe('');
    const sent = JSON.parse((await page.getByTestId('form-sent').textContent())!);
    expect(sent).toMatchObject({
      title: 'Pha chế cà phê',
      slug: 'pha-che-ca-phe',
      price: 1250000,
      keywords: ['cà phê', 'pha chế'],
      data: { level: 'nâng cao' },
      config: [
        { quantity: 10, discount: 25000 },
        { quantity: 5, discount: 10000 },
      ],
      chapters: [
        {
          title: 'Chương 1: Hạt cà phê',
          lessons: [{ title: 'Bài 1: Arabica và Robusta' }, { title: 'Bài 2: Rang xay' }],
        },
      ],
    });
    expect(await page.locator('#course_price').inputValue()).toBe('1.250.000');
    expect(errors).toEqual([]);
  });

  it('asks before a bulk status change', async () => {
    const { page } = await open({ theme: 'dark', direction: 'ltr', language: 'en' });
    await page.locator('tbody tr[data-row-key="23"] input[type="checkbox"]').check();
    await page.locator('tbody tr[data-row-key="22"] input[type="checkbox"]').check();
    await page.getByRole('button', { name: /Đổi trạng thái/ }).click();
    await page.getByRole('menuitem', { name: 'Nháp' }).click();
    await expect
      .poll(() => page.locator('.ant-modal-confirm-title').textContent())
      .toBe('Đổi trạng thái “Nháp”: 2 selected items?');
    await screenshot(page, 'generic-bulk-confirm-dark');
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await page.getByText('Updated successfully.').waitFor();
  });

  it.each(TWO_LOOKS)('looks right: $theme, $direction, $language', async (look) => {
    const { page, errors } = await open(look);
    await node(page, 'Trà').locator('.ant-tree-title').click();
    await page.locator('tbody tr[data-row-key="21"] input[type="checkbox"]').check();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(look.direction);
    await screenshot(page, `generic-screens-${look.theme}-${look.direction}-${look.language}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
