import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiLogin, screenshot, signedInPages } from './support/session';

/** A members file as a shop keeps it: one good row, one with an email that is not one. */
const MEMBERS_WITH_A_MISTAKE = [
  'name,email,phone',
  'Nguyễn Thị Mai,mai@example.vn,0912345678',
  'Trần Văn Bình,không-phải-email,0987654321',
].join('\r\n');
const MEMBERS = MEMBERS_WITH_A_MISTAKE.replace('không-phải-email', 'binh@example.vn');

describe.skipIf(!hasChromium)('data in and out in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('checks a members file, lists its bad row, imports the corrected one, and exports the list as CSV', async () => {
    const { page, errors } = await pages.open('/users/client', {
      language: 'vi',
      tokens: await apiLogin(app.baseUrl),
    });
    await page.getByTestId('import-button').click();
    const dialog = page.locator('.ant-modal:visible');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Chọn file CSV hoặc Excel' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'thanh-vien.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(MEMBERS_WITH_A_MISTAKE),
    });
    await dialog.getByRole('button', { name: 'Kiểm tra file' }).click();
    const problems = dialog.getByTestId('import-errors');
    await problems.waitFor();
    const cells = await problems.locator('tbody tr.ant-table-row td').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['3', 'email']);
    expect(cells[2]).toMatch(/email/i);
    expect(await dialog.getByTestId('import-confirm').isDisabled()).toBe(true);
    await screenshot(page, 'import-dry-run-errors');

    const again = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Chọn file CSV hoặc Excel' }).click();
    await (
      await again
    ).setFiles({ name: 'thanh-vien.csv', mimeType: 'text/csv', buffer: Buffer.from(MEMBERS) });
    await dialog.getByRole('button', { name: 'Kiểm tra file' }).click();
    await dialog.getByTestId('import-ready').waitFor();
    await dialog.getByTestId('import-confirm').click();
    await page.getByText('Đã nhập: 2 mục tạo mới, 0 mục cập nhật.').waitFor();
    await page.getByRole('cell', { name: 'binh@example.vn' }).waitFor();

    await page.getByTestId('export-button').hover();
    const download = page.waitForEvent('download');
    await page.getByText('CSV (Excel, UTF-8)').click();
    const file = join(tmpdir(), `members-${Date.now()}.csv`);
    await (await download).saveAs(file);
    const text = readFileSync(file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Nguyễn Thị Mai');
    expect(text).toContain('binh@example.vn');
    await page.getByText('Đã xuất 2 dòng.').waitFor();
    await screenshot(page, 'members-after-import-and-export');
    // the search box says what it finds a member by: a phone number finds her
    const search = page.getByPlaceholder('Tên, email, số điện thoại…');
    await search.fill('0912345678');
    await search.press('Enter');
    await page.getByRole('cell', { name: 'binh@example.vn' }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'mai@example.vn' }).waitFor();
    // the first dry run's 422 is not an error of the page
    expect(errors.filter((line) => !/status of 422/.test(line))).toEqual([]);
  });
});
