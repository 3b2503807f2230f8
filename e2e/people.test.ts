import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import {
  apiClient,
  apiLogin,
  registerUser,
  openPage,
  screenshot,
  type Tokens,
  signedInPages,
} from './support/session';

type Api = ReturnType<typeof apiClient>;

/** Serious axe findings, none filtered out. */
const violations = (page: Page) => axeViolations(page);

/** Picks an option of an Ant Design select opened from `trigger`. */
const pickOption = async (page: Page, trigger: string, option: string) => {
  await page.locator(trigger).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
};

describe.skipIf(!hasChromium)('people in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: Api;
  let listersRoleId = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );
  const staffEmail = `staff-${Date.now()}@example.com`;

  const staffRow = (page: Page) => page.locator('tr', { hasText: staffEmail });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    const role = await api<{ data: { id: number } }>('/roles', {
      method: 'POST',
      body: { name: 'Listers', description: 'Reads users', permissions: ['users.list'] },
    });
    listersRoleId = role.body.data.id;
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('adds a staff member (with the email check while typing) and edits them', async () => {
    const page = (await pages.open('/users/list')).page;
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_email').fill('admin@example.com');
    await page.getByTestId('email-exists').waitFor();
    expect(await page.getByTestId('email-exists').textContent()).toBe(
      'Your email address has existed! Please enter another email address.',
    );
    await page.locator('#create-form_name').fill('Nguyễn Thị Staff');
    await page.locator('#create-form_email').fill(staffEmail);
    await page.locator('#create-form_password').fill('Staff-pass-123');
    await pickOption(page, '#create-form_role_ids', 'Listers');
    await page.keyboard.press('Escape');
    await pickOption(page, '#create-form_status', 'Enabled');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await staffRow(page).waitFor();
    expect(await staffRow(page).textContent()).toContain('Listers');
    await screenshot(page, 'people-staff-list');
    expect(await violations(page)).toEqual([]);

    await staffRow(page).getByRole('button', { name: 'Edit' }).click();
    await page.locator('#edit-form_name').fill('Trần Văn Edited');
    await page.locator('#edit-form_phone').fill('0912345678');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => staffRow(page).textContent()).toContain('Trần Văn Edited');
    expect(await staffRow(page).textContent()).toContain('0912345678');
    await apiLogin(app.baseUrl, staffEmail, 'Staff-pass-123');
  });

  it('shows the details, and the spec texts in Vietnamese', async () => {
    const page = (await pages.open('/users/list', { language: 'vi' })).page;
    await staffRow(page).getByRole('button', { name: 'Chi tiết' }).click();
    await page.getByTestId('user-details').waitFor();
    expect(await page.getByTestId('user-details').textContent()).toContain(staffEmail);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    // A new account is disabled unless chosen otherwise: the form shows it, and what it means
    // (an empty field let a new staff member be refused at sign-in with no one knowing why).
    const status = page.locator('.ant-form-item', { has: page.locator('#create-form_status') });
    await expect.poll(() => status.textContent()).toContain('Vô hiệu hóa');
    expect(await page.locator('#create-form_status_extra').textContent()).toBe(
      'Tài khoản bị vô hiệu hóa không đăng nhập được: chọn Kích hoạt để người này đăng nhập.',
    );
    await page.locator('#create-form_email').fill('sai-dinh-dang');
    await page.locator('#create-form_name').fill('A');
    await page.getByRole('button', { name: 'Tạo', exact: true }).click();
    await expect
      .poll(() => page.locator('#create-form_email_help').textContent())
      .toBe('Địa chỉ email của bạn không hợp lệ!');
    expect(await page.locator('#create-form_name_help').textContent()).toBe(
      'Tên phải có từ 2 đến 200 ký tự.',
    );
  });

  it('resets the password to a one-time default password', async () => {
    const page = (await pages.open('/users/list')).page;
    await staffRow(page).getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('reset-mode-default').click();
    await page.getByTestId('reset-confirm').click();
    const shown = page.getByTestId('reset-password-value');
    await shown.waitFor();
    const password = (await shown.textContent())!.trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    const tokens = await apiLogin(app.baseUrl, staffEmail, password);
    const blocked = await apiClient(app.baseUrl, tokens)<{ code: string }>('/profile');
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('password_change_required');
    const change = await apiClient(app.baseUrl, tokens)(`/users/${await findStaffId()}/password`, {
      method: 'PATCH',
      body: { current_password: password, new_password: 'Staff-pass-456' },
    });
    expect(change.status).toBe(204);
  });

  const findStaffId = async () => {
    const found = await api<{ data: Array<{ id: number }> }>(
      `/users?search=${encodeURIComponent(`email:${staffEmail}`)}`,
    );
    return found.body.data[0]!.id;
  };

  it('resets the password by mail: the outbox holds the link, which sets a new password once', async () => {
    const page = (await pages.open('/users/list')).page;
    await staffRow(page).getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('reset-mode-mail').click();
    await page.getByTestId('reset-confirm').click();
    await page.getByTestId('reset-mail-sent').waitFor();

    await page.goto(`${app.baseUrl}/users/outbox`);
    const mail = page.locator('tr', { hasText: staffEmail }).first();
    await mail.waitFor();
    const text = (await mail.textContent()) ?? '';
    const link = /https?:\/\/\S+?\/reset-password\?token=[\w-]+/.exec(text)?.[0];
    expect(link).toBeDefined();

    const visitor = (await openPage(browser)).page;
    await visitor.goto(link!.replace(/^https?:\/\/[^/]+/, app.baseUrl));
    await visitor.locator('#reset-new-password').fill('Mailed-pass-789');
    await visitor.locator('#reset-confirm').fill('Mailed-pass-789');
    await visitor.getByRole('button', { name: 'Save the new password' }).click();
    await visitor.getByTestId('reset-done').waitFor();
    await screenshot(visitor, 'people-reset-done');
    await apiLogin(app.baseUrl, staffEmail, 'Mailed-pass-789');
    await visitor.context().close();
  });

  it('assigns a role and the sidebar of that user changes', async () => {
    const memberEmail = `member-${Date.now()}@example.com`;
    const created = await registerUser(app.baseUrl, api, {
      name: 'Member Person',
      email: memberEmail,
      password: 'Member-pass-1',
      status: 'enable',
    });
    expect(created.status).toBe(201);
    const { page: memberPage } = await pages.open('/dashboard', {
      tokens: await apiLogin(app.baseUrl, memberEmail, 'Member-pass-1'),
    });
    await memberPage.locator('aside, nav').first().waitFor();
    await memberPage.getByTestId('greeting').waitFor();
    expect(await memberPage.getByRole('menuitem', { name: /Users/ }).count()).toBe(0);

    const page = (await pages.open('/users/permissions')).page;
    const row = page.getByTestId('users-no-role').locator('tr', { hasText: memberEmail });
    await row.waitFor();
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('assign-roles').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Listers' })
      .click();
    await page.keyboard.press('Escape');
    await page.getByTestId('assign-attach').click();
    await page.getByTestId('users-has-role').locator('tr', { hasText: memberEmail }).waitFor();
    await screenshot(page, 'people-permissions');
    expect(await violations(page)).toEqual([]);
    expect(listersRoleId).toBeGreaterThan(0);

    await memberPage.reload();
    await memberPage.getByRole('menuitem', { name: /Users/ }).first().waitFor();
  });

  it('creates a role, edits its permissions, and deletes it after a confirm naming its holders', async () => {
    const page = (await pages.open('/users/role')).page;
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect
      .poll(() => page.locator('#create-form_name_help').textContent())
      .toBe('Please enter the role name!');
    await page.locator('#create-form_name').fill('Writers');
    await page.locator('#create-form_description').fill('Write posts');
    // each permission is named in the reader's words, its key beside it
    await page
      .getByTestId('permission-picker')
      .getByRole('checkbox', { name: /^View posts and products/ })
      .click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const row = page.locator('tr', { hasText: 'Writers' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Write posts');

    await row.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByTestId('permission-picker')
      .getByRole('checkbox', { name: /^Create posts and products/ })
      .click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        async () =>
          (
            await api<{ data: Array<{ name: string; permissions: string[] }> }>('/roles?limit=0')
          ).body.data.find((r) => r.name === 'Writers')?.permissions,
      )
      .toEqual(['posts.create', 'posts.list']);

    const roleId = (
      await api<{ data: Array<{ id: number; name: string }> }>('/roles?limit=0')
    ).body.data.find((r) => r.name === 'Writers')!.id;
    const holder = await api<{ data: { id: number } }>('/register', {
      method: 'POST',
      body: {
        name: 'Role Holder',
        email: `holder-${Date.now()}@example.com`,
        password: 'Holder-pass-1',
      },
    });
    await api('/roles/sync', {
      method: 'POST',
      body: { user_ids: [holder.body.data.id], role_ids: [roleId] },
    });
    await page.reload();
    await page
      .locator('tr', { hasText: 'Writers' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .locator('.ant-popover:visible', { hasText: '1 user(s) hold this role and will lose it.' })
      .waitFor();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'Writers' }).count()).toBe(0);
  });

  it('creates an agency and attaches users', async () => {
    const page = (await pages.open('/agencies')).page;
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_name').fill('Đại lý Sài Gòn');
    await page.locator('#create-form_sort').fill('1');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const agencyRow = page.locator('tr', { hasText: 'Đại lý Sài Gòn' });
    await agencyRow.waitFor();
    await agencyRow.getByRole('button', { name: 'Attached users' }).click();
    await page.getByTestId('agency-user-picker').click();
    await page.keyboard.type('Edited');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: staffEmail })
      .click();
    await page.keyboard.press('Escape');
    await page.getByTestId('agency-attach').click();
    const attached = page.getByTestId('agency-users').locator('tr', { hasText: staffEmail });
    await attached.waitFor();
    // the status in words, as the users screen says it
    await attached.getByText('Enabled', { exact: true }).waitFor();
    await screenshot(page, 'people-agency-users');
  });
});
