import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let moderator: string;
let reader: string;
let member: { id: number; token: string; name: string };
let postA = 0;
let postB = 0;

const stamp = () => new Date().toISOString();

const COMMENTS_ON = JSON.stringify([{ key: 'comments', name: null, enabled: true }]);

const addType = async (slug: string, features: string) => {
  const { rows } = await sql<{ id: number }>`insert into post_types
    (style, sort, title, slug, sitemap, features, custom_fields, created_at, updated_at)
    values ('article', 0, ${slug}, ${slug}, ${true}, ${features}, '[]', ${stamp()}, ${stamp()}) returning id`.execute(
    t.db,
  );
  return Number(rows[0]!.id);
};

const addPost = async (typeId: number, title: string, status = 'published') => {
  const created = await t.request('POST', '/api/v1/posts', {
    token: t.adminToken,
    body: { type_id: typeId, title, status },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data.id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  moderator = (
    await t.createUser(['comments.list', 'comments.create', 'comments.update', 'comments.delete'])
  ).token;
  reader = (await t.createUser(['comments.list'])).token;
  member = await t.createUser([], { name: 'Lê Thị Mai' });
  const typeId = await addType('tin-tuc', COMMENTS_ON);
  postA = await addPost(typeId, 'Cà phê sữa đá');
  postB = await addPost(typeId, 'Trà đào');
});
afterAll(() => t.close());

const comment = (body: unknown, token = moderator, locale = 'en') =>
  t.request('POST', '/api/v1/comments', { token, body, locale });

const messages = async (query = '') =>
  (await t.request('GET', `/api/v1/comments${query}`, { token: reader }))
    .json()
    .data.map((c: { message: string }) => c.message);

describe('comments', () => {
  it('shows threads newest first, each reply right after the comment it answers', async () => {
    const first = (await comment({ post_id: postA, message: 'Ngon quá' })).json().data;
    const second = (await comment({ post_id: postA, message: 'Giá bao nhiêu?' })).json().data;
    const r1 = (
      await comment({ post_id: postA, comment_id: first.id, message: 'Cảm ơn bạn' })
    ).json().data;
    const r2 = await comment({ post_id: postA, comment_id: first.id, message: 'Mời bạn ghé quán' });
    expect(r2.statusCode).toBe(201);
    expect(r2.json().data).toMatchObject({ comment_id: first.id, level: 2, post_id: postA });
    const deep = (
      await comment({ post_id: postA, comment_id: r1.id, message: 'Không có gì' })
    ).json().data;
    expect(deep.level).toBe(3);
    await comment({ post_id: postB, message: 'Trà ngọt vừa' });

    expect(await messages(`?post_id=${postA}`)).toEqual([
      'Giá bao nhiêu?',
      'Ngon quá',
      'Mời bạn ghé quán',
      'Cảm ơn bạn',
      'Không có gì',
    ]);
    const all = (await t.request('GET', '/api/v1/comments', { token: reader })).json();
    expect(all.data.map((c: { message: string }) => c.message)).toEqual([
      'Trà ngọt vừa',
      'Giá bao nhiêu?',
      'Ngon quá',
      'Mời bạn ghé quán',
      'Cảm ơn bạn',
      'Không có gì',
    ]);
    expect(all.meta.pagination.total).toBe(6);
    const top = all.data.find((c: { id: number }) => c.id === first.id);
    expect(top).toMatchObject({
      replies_count: 3,
      post: { id: postA, title: 'Cà phê sữa đá' },
      author: { name: expect.any(String) },
    });
    expect(all.data.find((c: { id: number }) => c.id === second.id).replies_count).toBe(0);
    const byPost = (
      await t.request('GET', `/api/v1/comments?post_id=${postA}`, { token: reader })
    ).json();
    expect(byPost.meta.pagination.total).toBe(5);
  });

  it('keeps two replies sent at once right under the comment they answer', async () => {
    const root = (await comment({ post_id: postB, message: 'Hỏi cùng lúc' })).json().data;
    const answers = await Promise.all(
      ['Trả lời một', 'Trả lời hai'].map((message) =>
        comment({ post_id: postB, comment_id: root.id, message }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const list = await messages(`?post_id=${postB}`);
    const at = list.indexOf('Hỏi cùng lúc');
    expect(list.slice(at, at + 3).sort()).toEqual(
      ['Hỏi cùng lúc', 'Trả lời hai', 'Trả lời một'].sort(),
    );
    expect(list[at]).toBe('Hỏi cùng lúc');
    await t.request('DELETE', `/api/v1/comments/${root.id}?children=cascade`, { token: moderator });
  });

  it('changes only the message on edit', async () => {
    const created = (await comment({ post_id: postB, message: 'Sai chính tả' })).json().data;
    const edited = await t.request('PATCH', `/api/v1/comments/${created.id}`, {
      token: moderator,
      body: { message: 'Đúng chính tả' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ message: 'Đúng chính tả', post_id: postB });
    const moved = await t.request('PATCH', `/api/v1/comments/${created.id}`, {
      token: moderator,
      body: { message: 'x', post_id: postA },
      locale: 'en',
    });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toContain('post_id');
  });

  it('deletes a comment with all its replies, and says how many when asked without choosing', async () => {
    const root = (await comment({ post_id: postB, message: 'Gốc' })).json().data;
    const child = (await comment({ post_id: postB, comment_id: root.id, message: 'Con' })).json()
      .data;
    await comment({ post_id: postB, comment_id: child.id, message: 'Cháu' });
    const before = await countRows(t, 'comments');

    const refused = await t.request('DELETE', `/api/v1/comments/${root.id}`, {
      token: moderator,
      locale: 'en',
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['children']);
    const shown = await t.request('GET', `/api/v1/comments/${root.id}`, { token: reader });
    expect(shown.json().data.replies_count).toBe(2);

    const gone = await t.request('DELETE', `/api/v1/comments/${root.id}?children=cascade`, {
      token: moderator,
    });
    expect(gone.statusCode).toBe(204);
    expect(await countRows(t, 'comments')).toBe(before - 3);
    expect(await messages(`?post_id=${postB}`)).not.toContain('Cháu');
    const list = (
      await t.request('GET', `/api/v1/comments?post_id=${postB}`, { token: reader })
    ).json();
    expect(list.meta.pagination.total).toBe(list.data.length);
  });

  it('refuses a reply on another post, an empty message, and unknown fields by name', async () => {
    const onA = (await comment({ post_id: postA, message: 'Ở bài A' })).json().data;
    const cross = await comment({ post_id: postB, comment_id: onA.id, message: 'Lạc bài' });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors.comment_id).toBeDefined();

    const empty = await comment({ post_id: postA, message: '   ' });
    expect(empty.json().errors.message).toEqual(['Please enter the message!']);
    const unknown = await comment({ post_id: postA, message: 'Hi', author: 'Tôi' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['author']);
    const noPost = await comment({ post_id: 999999, message: 'Hi' });
    expect(noPost.statusCode).toBe(422);
    expect(noPost.json().errors.post_id).toBeDefined();
  });

  it('stores text composed (NFC) and finds it whichever form is searched', async () => {
    const decomposed = 'Cà phê phin'.normalize('NFD');
    const created = (await comment({ post_id: postA, message: decomposed })).json().data;
    expect(created.message).toBe('Cà phê phin'.normalize('NFC'));
    expect(await messages(`?search=${encodeURIComponent('phê phin'.normalize('NFD'))}`)).toEqual([
      'Cà phê phin'.normalize('NFC'),
    ]);
  });

  it('lets a narrow role only read, and a member comment as themself', async () => {
    expect((await comment({ post_id: postA, message: 'Không được' }, reader)).statusCode).toBe(403);
    const first = (await t.request('GET', '/api/v1/comments', { token: reader })).json().data[0];
    expect(
      (
        await t.request('DELETE', `/api/v1/comments/${first.id}?children=cascade`, {
          token: reader,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('PATCH', `/api/v1/comments/${first.id}`, {
          token: reader,
          body: { message: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.request('GET', '/api/v1/comments', { token: member.token })).statusCode).toBe(
      403,
    );

    const mine = await t.request('POST', '/api/v1/comments/user', {
      token: member.token,
      body: { post_id: postA, message: 'Tôi là thành viên' },
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data.author).toMatchObject({ id: member.id, name: 'Lê Thị Mai' });
    expect(
      (
        await t.request('POST', '/api/v1/comments/user', {
          body: { post_id: postA, message: 'Ẩn danh' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('what a member may comment on', () => {
  it('answers every unpublished post exactly as a missing one, walking the ids', async () => {
    const typeId = await addType('bi-mat', COMMENTS_ON);
    const hidden = {
      draft: await addPost(typeId, 'Bản nháp bí mật', 'draft'),
      pending: await addPost(typeId, 'Chờ duyệt bí mật', 'pending'),
      private: await addPost(typeId, 'Riêng tư bí mật', 'private'),
    };
    const open = await addPost(typeId, 'Bài đã đăng');
    const missing = Math.max(...Object.values(hidden), open) + 3;
    const send = (postId: number) =>
      t.request('POST', '/api/v1/comments/user', {
        token: member.token,
        body: { post_id: postId, message: 'Xin chào' },
        locale: 'en',
      });
    const answerOf = async (postId: number) => {
      const answer = await send(postId);
      return { status: answer.statusCode, body: answer.body };
    };
    const absent = await answerOf(missing);
    expect(absent.status).toBe(422);
    const before = await countRows(t, 'comments');
    for (let id = 1; id <= missing; id += 1) {
      if (id === open || id === postA || id === postB) continue;
      const answer = await answerOf(id);
      // The same status and the same bytes: nothing tells a draft from nothing at all.
      expect(answer).toEqual(absent);
      expect(answer.body).not.toMatch(/bí mật/);
    }
    expect(await countRows(t, 'comments')).toBe(before);
    // A reply naming a comment of a hidden post is refused the same way.
    const staffComment = (
      await comment({ post_id: hidden.draft, message: 'Ghi chú nội bộ' })
    ).json().data;
    expect(
      (
        await t.request('POST', '/api/v1/comments/user', {
          token: member.token,
          body: { post_id: hidden.draft, comment_id: staffComment.id, message: 'Trả lời' },
          locale: 'en',
        })
      ).body,
    ).toBe(absent.body);
    expect((await send(open)).statusCode).toBe(201);
  });

  it('refuses comments on a post whose type has them switched off, from anyone', async () => {
    const typeId = await addType('khong-binh-luan', '[]');
    const closed = await addPost(typeId, 'Không nhận bình luận');
    for (const token of [member.token, moderator]) {
      const refused = await t.request(
        'POST',
        token === member.token ? '/api/v1/comments/user' : '/api/v1/comments',
        { token, body: { post_id: closed, message: 'Mở giúp' }, locale: 'en' },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.post_id).toEqual([
        'Comments are switched off for posts of this type.',
      ]);
    }
  });
});

describe('moderation', () => {
  const memberComment = (body: unknown) =>
    t.request('POST', '/api/v1/comments/user', { token: member.token, body, locale: 'en' });
  const moderate = (id: number, action: 'approve' | 'spam', token = moderator) =>
    t.request('POST', `/api/v1/comments/${id}/${action}`, { token, locale: 'en' });
  const needApproval = async (value: 'true' | 'false') =>
    expect(
      (
        await t.request('PATCH', '/api/v1/settings', {
          token: t.adminToken,
          body: { settings: [{ key: 'comments_need_approval', value }] },
        })
      ).statusCode,
    ).toBe(200);

  it('holds a member’s comment until a moderator approves it; staff comments and replies go out at once', async () => {
    const waiting = await memberComment({ post_id: postB, message: 'Có giao tận nơi không?' });
    expect(waiting.statusCode).toBe(201);
    expect(waiting.json().data.status).toBe('pending');
    const id = waiting.json().data.id as number;

    // Nobody else's reply hangs under a comment the website does not show yet.
    const early = await memberComment({ post_id: postB, comment_id: id, message: 'Tôi cũng hỏi' });
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json().errors)).toEqual(['comment_id']);

    const staffReply = await comment({ post_id: postB, comment_id: id, message: 'Có ạ' });
    expect(staffReply.json().data.status).toBe('approved');
    expect((await comment({ post_id: postB, message: 'Thông báo' })).json().data.status).toBe(
      'approved',
    );

    const queue = (
      await t.request('GET', '/api/v1/comments?status=pending', { token: reader })
    ).json();
    expect(queue.data.map((c: { id: number }) => c.id)).toContain(id);
    expect(queue.data.every((c: { status: string }) => c.status === 'pending')).toBe(true);

    expect((await moderate(id, 'approve', reader)).statusCode).toBe(403);
    expect((await moderate(id, 'approve', member.token)).statusCode).toBe(403);
    const audits = await countRows(t, 'audit_logs');
    const approved = await moderate(id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      id,
      status: 'approved',
      message: 'Có giao tận nơi không?',
    });
    expect(await countRows(t, 'audit_logs')).toBe(audits + 1);
    const reply = await memberComment({ post_id: postB, comment_id: id, message: 'Tôi cũng hỏi' });
    expect(reply.statusCode).toBe(201);

    expect((await moderate(reply.json().data.id, 'spam')).json().data.status).toBe('spam');
    const spam = (await t.request('GET', '/api/v1/comments?status=spam', { token: reader })).json()
      .data;
    expect(spam.map((c: { id: number }) => c.id)).toEqual([reply.json().data.id]);
    expect((await moderate(999999, 'approve')).statusCode).toBe(404);
    const badFilter = await t.request('GET', '/api/v1/comments?status=hidden', {
      token: reader,
      locale: 'en',
    });
    expect(badFilter.statusCode).toBe(422);
  });

  it('moderates several comments in one request and deletes several with their replies', async () => {
    const ids: number[] = [];
    for (const message of ['Một', 'Hai', 'Ba'])
      ids.push((await memberComment({ post_id: postB, message })).json().data.id as number);
    const reply = (await comment({ post_id: postB, comment_id: ids[0], message: 'Trả lời' })).json()
      .data.id as number;
    const bulk = (body: unknown, token = moderator) =>
      t.request('POST', '/api/v1/comments/bulk', { token, body, locale: 'en' });
    const statusOf = async (id: number) =>
      (await t.request('GET', `/api/v1/comments/${id}`, { token: reader })).json().data?.status;

    expect((await bulk({ ids, action: 'approve' }, reader)).statusCode).toBe(403);
    expect(await Promise.all(ids.map(statusOf))).toEqual(['pending', 'pending', 'pending']);

    const approved = await bulk({ ids: [...ids.slice(0, 2), 999999], action: 'approve' });
    expect(approved.json().data).toEqual({ done: 2, skipped: [{ id: 999999, code: 'not_found' }] });
    expect((await bulk({ ids: [ids[2]], action: 'spam' })).json().data.done).toBe(1);
    expect(await Promise.all(ids.map(statusOf))).toEqual(['approved', 'approved', 'spam']);

    // The first comment takes its reply with it: the reply, named too, is already gone.
    const removed = await bulk({ ids: [ids[0], reply, ids[2]], action: 'delete' });
    expect(removed.json().data).toEqual({
      done: 2,
      skipped: [{ id: reply, code: 'not_found' }],
    });
    expect(await Promise.all([...ids, reply].map(statusOf))).toEqual([
      undefined,
      'approved',
      undefined,
      undefined,
    ]);
  });

  it('lets a member’s comment out at once when the shop switches approval off', async () => {
    await needApproval('false');
    const open = await memberComment({ post_id: postB, message: 'Không cần duyệt' });
    expect(open.json().data.status).toBe('approved');
    await needApproval('true');
    const held = await memberComment({ post_id: postB, message: 'Lại cần duyệt' });
    expect(held.json().data.status).toBe('pending');
  });
});
