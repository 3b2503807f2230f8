import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, type Tokens, signedInPages } from './support/session';
import { type Look, SHOP_LOOK, shootLook, TWO_LOOKS } from './support/looks';

type Saved = { data: { id: number } };

describe.skipIf(!hasChromium)('comments and ratings in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );
  const posts = { coffee: 0, tea: 0 };
  let typeId = 0;
  const comments: Record<string, number> = {};

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    const type = await api<Saved>('/types', {
      method: 'POST',
      body: {
        style: 'article',
        title: 'Tin tức',
        features: [
          { key: 'comments', name: 'Bình luận', enabled: true },
          { key: 'ratings', name: 'Đánh giá', enabled: true },
        ],
      },
    });
    typeId = type.body.data.id;
    const post = async (title: string) =>
      (await api<Saved>('/posts', { method: 'POST', body: { type_id: typeId, title } })).body.data
        .id;
    posts.coffee = await post('Cà phê sữa đá');
    posts.tea = await post('Trà đào cam sả');
    const comment = async (key: string, body: Record<string, unknown>) => {
      const saved = await api<Saved>('/comments', { method: 'POST', body });
      expect(saved.status).toBe(201);
      comments[key] = saved.body.data.id;
    };
    await comment('question', { post_id: posts.coffee, message: 'Quán mở cửa mấy giờ?' });
    await comment('answer', {
      post_id: posts.coffee,
      comment_id: comments.question,
      message: 'Từ 7 giờ sáng ạ.',
    });
    await comment('thanks', {
      post_id: posts.coffee,
      comment_id: comments.answer,
      message: 'Cảm ơn quán!',
    });
    await comment('tea', { post_id: posts.tea, message: 'Trà rất thơm' });
    const profile = await api<{ data: { id: number } }>('/profile');
    await api('/ratings', {
      method: 'POST',
      body: {
        post_id: posts.coffee,
        user_id: profile.body.data.id,
        score: 5,
        content: 'Tuyệt vời',
      },
    });
    await api('/ratings', {
      method: 'POST',
      body: { post_id: posts.coffee, author_name: 'Khách lạ', score: 2, content: 'Hơi ngọt' },
    });
    await api('/ratings', {
      method: 'POST',
      body: { post_id: posts.tea, author_name: 'Minh', score: 4 },
    });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = (path: string, look: Look) => pages.open(path, look);

  const shoot = (page: Page, name: string, look: Look) => shootLook(page, 'comments', name, look);

  /** The comments in the order the list shows them, with their depth. */
  const shown = (page: Page) =>
    page
      .locator('[data-testid^="comment-"][data-level]')
      .evaluateAll((nodes) =>
        nodes.map((node) => `${node.getAttribute('data-level')}:${node.textContent ?? ''}`),
      );

  it('replies right under the comment, edits the message, and deletes a comment with its replies after saying how many', async () => {
    const { page, errors } = await open('/comment/manager', SHOP_LOOK);
    await page.getByText('Quán mở cửa mấy giờ?').waitFor();
    expect(await shown(page)).toEqual([
      '1:Trà rất thơm',
      '1:Quán mở cửa mấy giờ?',
      '2:Từ 7 giờ sáng ạ.',
      '3:Cảm ơn quán!',
    ]);
    expect(await page.title()).toMatch(/^Bình luận - /);

    await page.getByTestId(`comment-reply-${comments.question}`).click();
    await page.getByTestId('reply-parent').getByText('Quán mở cửa mấy giờ?').waitFor();
    await page.locator('#reply-form_message').fill('Cuối tuần mở đến 11 giờ đêm.');
    await shoot(page, 'reply', SHOP_LOOK);
    await page.locator('.ant-drawer').getByRole('button', { name: 'Trả lời' }).click();
    await page.locator('[data-level]', { hasText: 'Cuối tuần mở đến 11 giờ đêm.' }).waitFor();
    expect(await shown(page)).toEqual([
      '1:Trà rất thơm',
      '1:Quán mở cửa mấy giờ?',
      '2:Cuối tuần mở đến 11 giờ đêm.',
      '2:Từ 7 giờ sáng ạ.',
      '3:Cảm ơn quán!',
    ]);

    // Edit: the form holds only the message.
    await page
      .locator('tr', { hasText: 'Trà rất thơm' })
      .getByRole('button', { name: 'Sửa' })
      .click();
    const message = page.locator('#edit-form_message');
    await message.fill('Trà rất thơm, sẽ quay lại');
    expect(await page.locator('.ant-drawer #edit-form_post_id').count()).toBe(0);
    await page.locator('.ant-drawer').getByRole('button', { name: 'Lưu' }).click();
    await page.locator('[data-level]', { hasText: 'Trà rất thơm, sẽ quay lại' }).waitFor();

    // Delete with its three replies: the confirm says so.
    await page
      .locator('tr', { hasText: 'Quán mở cửa mấy giờ?' })
      .getByRole('button', { name: 'Xóa' })
      .click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('Xóa bình luận này cùng 3 câu trả lời?').waitFor();
    await shoot(page, 'delete-confirm', SHOP_LOOK);
    await confirm.getByRole('button', { name: 'Xóa' }).click();
    await page.locator('[data-level]', { hasText: 'Cảm ơn quán!' }).waitFor({ state: 'detached' });
    expect(await shown(page)).toEqual(['1:Trà rất thơm, sẽ quay lại']);
    const left = await api<{ data: unknown[] }>(`/comments?post_id=${posts.coffee}`);
    expect(left.body.data).toEqual([]);
    expect(errors.filter((line) => !line.includes('status of 422'))).toEqual([]);
  });

  it.each(TWO_LOOKS)(
    'shows comments filtered by post in $language, $theme, $direction',
    async (look) => {
      await api('/comments', {
        method: 'POST',
        body: { post_id: posts.coffee, message: `Bình luận ${look.language}` },
      });
      await api('/comments', {
        method: 'POST',
        body: { post_id: posts.tea, comment_id: comments.tea, message: `Trả lời ${look.language}` },
      });
      const { page } = await open(`/comment?post_id=${posts.tea}`, look);
      await page.locator('[data-level="2"]', { hasText: `Trả lời ${look.language}` }).waitFor();
      expect((await shown(page))[0]).toBe('1:Trà rất thơm, sẽ quay lại');
      expect(await page.getByText(`Bình luận ${look.language}`).count()).toBe(0);
      expect(await page.locator('html').getAttribute('dir')).toBe(look.direction);
      await shoot(page, 'list', look);
    },
  );

  it.each(TWO_LOOKS)(
    "shows ratings with their post, author or unregistered label, and a post's average in $language, $theme, $direction",
    async (look) => {
      const { page } = await open(`/rating/manager?post_id=${posts.coffee}`, look);
      await page.getByText('Hơi ngọt').waitFor();
      const summary = page.getByTestId('rating-summary');
      await summary.getByText('3.50').or(summary.getByText('3,50')).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(2);
      const unregistered = {
        vi: 'Người dùng chưa đăng ký',
        en: 'Unregistered user',
        ja: '未登録ユーザー',
      }[look.language];
      await page.locator('tr', { hasText: 'Khách lạ' }).getByText(unregistered).waitFor();
      expect(
        await page.locator('tr', { hasText: 'Tuyệt vời' }).getByText('Cà phê sữa đá').count(),
      ).toBe(1);
      await shoot(page, 'ratings', look);
    },
  );

  it('records a rating by hand, shown first with its rated item and the unregistered label', async () => {
    const { page } = await open('/rating', SHOP_LOOK);
    await page.getByText('Hơi ngọt').waitFor();
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_post_id').click();
    await page.locator('#create-form_post_id').fill('Trà đào');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'Trà đào cam sả',
      })
      .click();
    await page.locator('#create-form_author_name').fill('Chị Lan');
    await page.locator('#create-form_score').fill('7');
    await page.locator('#create-form_content').fill('Ngon, giao nhanh');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Tạo' }).click();
    await page.getByText('Điểm đánh giá phải là số nguyên từ 1 đến 5.').waitFor();
    await page.locator('#create-form_score').fill('4');
    await shoot(page, 'rating-form', SHOP_LOOK);
    await page.locator('.ant-drawer').getByRole('button', { name: 'Tạo' }).click();
    const first = page.locator('tbody tr').first();
    await first.getByText('Chị Lan').waitFor();
    await first.getByText('Trà đào cam sả').waitFor();
    await first.getByText('Người dùng chưa đăng ký').waitFor();
  });

  it('records a rating of a registered user, found by name, shown first under that name', async () => {
    const { page } = await open('/rating', SHOP_LOOK);
    await page.getByText('Hơi ngọt').waitFor();
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    const option = (text: string) =>
      page.locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
        {
          hasText: text,
        },
      );
    await page.locator('#create-form_post_id').click();
    await page.locator('#create-form_post_id').fill('Cà phê');
    await option('Cà phê sữa đá').click();
    await page.locator('#create-form_user_id').click();
    await page.locator('#create-form_user_id').fill('admin');
    await option('admin@example.com').click();
    await page.locator('#create-form_score').fill('5');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Tạo' }).click();
    const first = page.locator('tbody tr').first();
    await first.getByText('Quản trị viên').waitFor();
    await first.getByText('Cà phê sữa đá').waitFor();
    expect(await first.getByText('Người dùng chưa đăng ký').count()).toBe(0);
  });

  it('deletes a rating after a confirm', async () => {
    const { page } = await open('/rating', SHOP_LOOK);
    await page.getByText('Minh').waitFor();
    await page.locator('tr', { hasText: 'Minh' }).getByRole('button', { name: 'Xóa' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Xóa' }).click();
    await page.locator('tr', { hasText: 'Minh' }).waitFor({ state: 'detached' });
    const left = await api<{ data: Array<{ author_name: string }> }>(
      `/ratings?post_id=${posts.tea}`,
    );
    expect(left.body.data.map((rating) => rating.author_name)).toEqual(['Chị Lan']);
  });

  it.each(TWO_LOOKS)(
    "approves a member's comment that waits, and the sidebar's count goes down, in $language, $theme, $direction",
    async (look) => {
      // A member of the website, who has set their own password, comments on a published post.
      const email = `thanh-vien-${look.language}@example.com`;
      const typed = 'Typed-by-admin-1';
      const own = 'Member-own-pass-2';
      const user = await api<Saved>('/register', {
        method: 'POST',
        body: { name: 'Hoàng Thị Lan', email, password: typed, status: 'enable' },
      });
      expect(user.status).toBe(201);
      const first = await apiLogin(app.baseUrl, email, typed);
      const changed = await apiClient(app.baseUrl, first)(`/users/${user.body.data.id}/password`, {
        method: 'PATCH',
        body: { current_password: typed, new_password: own },
      });
      expect(changed.status).toBe(204);
      const member = apiClient(app.baseUrl, await apiLogin(app.baseUrl, email, own));
      const published = await api<Saved>('/posts', {
        method: 'POST',
        body: { type_id: typeId, title: `Bánh mì ${look.language}`, status: 'published' },
      });
      const message = `Có giao buổi sáng không? (${look.language})`;
      const waiting = await member<{ data: { id: number; status: string } }>('/comments/user', {
        method: 'POST',
        body: { post_id: published.body.data.id, message },
      });
      expect(waiting.body.data.status).toBe('pending');
      const id = waiting.body.data.id;

      const { page, errors } = await open('/comment/manager', look);
      const row = page.locator('tr', { hasText: message });
      await row.getByTestId('comment-status').waitFor();
      const badge = page.getByTestId('comments-pending-badge');
      await badge.getByText('1', { exact: true }).first().waitFor();
      await shoot(page, 'pending', look);

      await page.getByTestId(`comment-approve-${id}`).click();
      await row.getByTestId(`comment-approve-${id}`).waitFor({ state: 'detached' });
      await badge.waitFor({ state: 'detached' });
      expect(await row.getByTestId(`comment-spam-${id}`).count()).toBe(1);
      await shoot(page, 'approved', look);
      const saved = await api<{ data: { status: string } }>(`/comments/${id}`);
      expect(saved.body.data.status).toBe('approved');
      expect(errors).toEqual([]);
    },
  );
});
