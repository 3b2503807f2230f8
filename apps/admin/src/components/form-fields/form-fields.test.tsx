import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { ResourceForm } from '../resource-form';
import type { FormFieldDef } from './field-def';

// A discount-like schema: tiers with distinct quantities; and a course with chapters → lessons.
const tierSchema = z.object({
  quantity: z
    .number({ error: 'validation.required' })
    .int()
    .min(1, { error: 'validation.too_small' }),
  discount: z.number({ error: 'validation.required' }).min(0),
});
const schema = z.object({
  title: z.string().trim().min(1, { error: 'validation.required' }),
  slug: z.string().optional(),
  config: z
    .array(tierSchema)
    .min(1, { error: 'validation.array_too_small' })
    .refine((tiers) => new Set(tiers.map((tier) => tier.quantity)).size === tiers.length, {
      error: 'validation.duplicate',
    }),
  chapters: z
    .array(
      z.object({
        title: z.string().min(1, { error: 'validation.required' }),
        lessons: z.array(z.object({ title: z.string().min(1, { error: 'validation.required' }) })),
      }),
    )
    .optional(),
});

// No server here: the site's settings (the money unit) are not found unless a test says otherwise.
const siteAnswer = { current: null as Record<string, unknown> | null };
beforeEach(() => {
  siteAnswer.current = null;
  vi.stubGlobal('fetch', async (url: string) =>
    String(url).endsWith('/api/v1/site') && siteAnswer.current
      ? new Response(JSON.stringify({ data: siteAnswer.current }), {
          headers: { 'content-type': 'application/json' },
        })
      : new Response('{}', { status: 404 }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const fields: FormFieldDef[] = [
  { name: 'title', label: 'Title' },
  { name: 'slug', label: 'Slug', kind: 'slug', from: 'title' },
  {
    name: 'config',
    label: 'Tiers',
    itemLabel: 'Tier',
    newItem: { discount: 0 },
    fields: [
      { name: 'quantity', label: 'Quantity', kind: 'number' },
      { name: 'discount', label: 'Discount', kind: 'money' },
    ],
  },
  {
    name: 'chapters',
    label: 'Chapters',
    itemLabel: 'Chapter',
    fields: [
      { name: 'title', label: 'Chapter title' },
      {
        name: 'lessons',
        label: 'Lessons',
        itemLabel: 'Lesson',
        fields: [{ name: 'title', label: 'Lesson title' }],
      },
    ],
  },
];

const renderForm = <T extends z.ZodType>(
  onSubmit: (values: z.output<T>) => Promise<unknown>,
  options: { schema?: T; fields?: FormFieldDef[]; initialValues?: Record<string, unknown> } = {},
) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Suspense fallback="loading">
          <ResourceForm
            id="f"
            schema={options.schema ?? schema}
            fields={options.fields ?? fields}
            initialValues={options.initialValues}
            onSubmit={onSubmit as (values: unknown) => Promise<unknown>}
          />
        </Suspense>
      </App>
    </QueryClientProvider>,
  );

const input = (container: HTMLElement, id: string) =>
  waitFor(() => {
    const found = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${id}`);
    if (!found) throw new Error(`no #${id} yet`);
    return found;
  });

const type = (element: Element, value: string) =>
  act(async () => fireEvent.change(element, { target: { value } }));

const click = (element: Element) => act(async () => fireEvent.click(element));

const submit = () => click(screen.getByRole('button', { name: 'Save' }));

describe('ResourceForm nested lists and field kinds', { timeout: 30_000 }, () => {
  it('adds, reorders and removes list items, and sends them in their order', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { container } = renderForm(onSubmit);
    await type(await input(container, 'f_title'), 'Giảm giá hè');
    await click(screen.getByRole('button', { name: /Add: Tier/ }));
    await click(screen.getByRole('button', { name: /Add: Tier/ }));
    await click(screen.getByRole('button', { name: /Add: Tier/ }));
    await type(await input(container, 'f_config_0_quantity'), '1');
    await type(await input(container, 'f_config_1_quantity'), '5');
    await type(await input(container, 'f_config_2_quantity'), '10');
    await type(await input(container, 'f_config_2_discount'), '15.000');
    // Tier 3 goes up twice, Tier 1 (now second) is removed.
    await click(screen.getByRole('button', { name: 'Move item 3 up' }));
    await click(screen.getByRole('button', { name: 'Move item 2 up' }));
    await click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.getByText('Tier 2')).toBeTruthy();
    expect(screen.queryByText('Tier 3')).toBeNull();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Giảm giá hè',
      slug: 'giam-gia-he',
      config: [
        { quantity: 10, discount: 15000 },
        { quantity: 5, discount: 0 },
      ],
      chapters: [],
    });
  });

  it('shows the item schema issues on the nested fields, and the list issues under the list', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { container } = renderForm(onSubmit);
    await type(await input(container, 'f_title'), 'A');
    await submit();
    await waitFor(() => expect(screen.getByText('Please choose at least 1.')).toBeTruthy());
    await click(screen.getByRole('button', { name: /Add: Tier/ }));
    await click(screen.getByRole('button', { name: /Add: Tier/ }));
    await type(await input(container, 'f_config_0_quantity'), '0');
    await type(await input(container, 'f_config_1_quantity'), '3');
    await submit();
    const first = container.querySelector('#f_config_0_quantity')!.closest('.ant-form-item')!;
    await waitFor(() =>
      expect(within(first as HTMLElement).getByText('This value must be at least 1.')).toBeTruthy(),
    );
    await type(await input(container, 'f_config_0_quantity'), '3');
    await submit();
    const list = container.querySelector('[data-list-field="config"]')!;
    await waitFor(() =>
      expect(
        within(list as HTMLElement).getByText('This value has already been taken.'),
      ).toBeTruthy(),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts the server 422 on a field of a list in a list', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { 'chapters.0.lessons.1.title': ['This lesson already exists in the chapter.'] },
      });
    });
    const { container } = renderForm(onSubmit, {
      initialValues: {
        title: 'Khóa học',
        config: [{ quantity: 1, discount: 0 }],
        chapters: [{ title: 'Chương 1', lessons: [{ title: 'Bài 1' }] }],
      },
    });
    await input(container, 'f_chapters_0_title');
    await click(screen.getByRole('button', { name: /Add: Lesson/ }));
    await type(await input(container, 'f_chapters_0_lessons_1_title'), 'Bài 1');
    await submit();
    const lesson = container
      .querySelector('#f_chapters_0_lessons_1_title')!
      .closest('.ant-form-item')!;
    await waitFor(() =>
      expect(
        within(lesson as HTMLElement).getByText('This lesson already exists in the chapter.'),
      ).toBeTruthy(),
    );
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        chapters: [{ title: 'Chương 1', lessons: [{ title: 'Bài 1' }, { title: 'Bài 1' }] }],
      }),
    );
  });

  it('fills the slug from the title until the slug is edited by hand, and leaves a saved slug alone', async () => {
    const { container } = renderForm(vi.fn(async () => undefined));
    const title = await input(container, 'f_title');
    const slug = await input(container, 'f_slug');
    await type(title, 'Cà Phê Sữa Đá');
    expect(slug.value).toBe('ca-phe-sua-da');
    await type(slug, 'my-coffee');
    await type(title, 'Trà đào');
    expect(slug.value).toBe('my-coffee');
    cleanup();
    const editing = renderForm(
      vi.fn(async () => undefined),
      {
        initialValues: { title: 'Old', slug: 'old' },
      },
    );
    await type(await input(editing.container, 'f_title'), 'Mới');
    expect((await input(editing.container, 'f_slug')).value).toBe('old');
  });

  it('sends dates as YYYY-MM-DD and ISO 8601 with the offset, JSON parsed, tags as words', async () => {
    const kinds = z.object({
      day: z.string().nullish(),
      at: z.string().nullish(),
      data: z.record(z.string(), z.unknown()).optional(),
      keywords: z.array(z.string()).optional(),
    });
    const onSubmit = vi.fn(async () => undefined);
    const { container } = renderForm(onSubmit, {
      schema: kinds,
      fields: [
        { name: 'day', label: 'Day', kind: 'date' },
        { name: 'at', label: 'At', kind: 'datetime' },
        { name: 'data', label: 'Data', kind: 'json' },
        { name: 'keywords', label: 'Keywords', kind: 'tags' },
      ],
      initialValues: { day: '2025-07-01', at: '2025-07-01T08:30:00+07:00', data: { a: 1 } },
    });
    const data = await input(container, 'f_data');
    expect(data.value).toBe('{\n  "a": 1\n}');
    await type(data, '{"a": 1,}');
    await submit();
    await waitFor(() =>
      expect(screen.getByText('This is not valid JSON (line 1, column 9).')).toBeTruthy(),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await type(data, '{"color": "#fff"}');
    const keywords = await input(container, 'f_keywords');
    await type(keywords, 'cà phê');
    await act(async () =>
      fireEvent.keyDown(keywords, { key: 'Enter', code: 'Enter', keyCode: 13 }),
    );
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = (onSubmit.mock.calls[0] as unknown[])[0] as Record<string, unknown>;
    expect(sent.day).toBe('2025-07-01');
    expect(sent.data).toEqual({ color: '#fff' });
    expect(sent.keywords).toEqual(['cà phê']);
    // The same instant, written with the browser's own offset.
    expect(String(sent.at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Date(String(sent.at)).getTime()).toBe(
      new Date('2025-07-01T08:30:00+07:00').getTime(),
    );
  });

  it('shows money grouped the it-IT way, with the money unit of the settings, and reads it back as an integer', async () => {
    siteAnswer.current = { site_name: 'Shop', money_unit: 'VNĐ' };
    const onSubmit = vi.fn(async () => undefined);
    const { container } = renderForm(onSubmit, {
      schema: z.object({ price: z.number().int(), fee: z.number().int() }),
      fields: [
        { name: 'price', label: 'Price', kind: 'money' },
        { name: 'fee', label: 'Fee', kind: 'money', unit: '' },
      ],
      initialValues: { price: 1234567, fee: 5000 },
    });
    const price = await input(container, 'f_price');
    expect(price.value).toBe('1.234.567');
    const unitOf = (element: Element) =>
      element.closest('.ant-input-number')?.querySelector('.ant-input-number-suffix')
        ?.textContent ?? '';
    await waitFor(() => expect(unitOf(price)).toBe('VNĐ'));
    // An explicit empty unit prints the plain number.
    expect(unitOf(await input(container, 'f_fee'))).toBe('');
    await type(price, '2.500.000');
    await act(async () => fireEvent.blur(price));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ price: 2500000, fee: 5000 }));
  });

  it('holds media URLs: one, or a list with `multiple`', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { container } = renderForm(onSubmit, {
      schema: z.object({ image: z.string().nullable(), images: z.array(z.string()) }),
      fields: [
        { name: 'image', label: 'Image', kind: 'media' },
        { name: 'images', label: 'Images', kind: 'media', multiple: true },
      ],
      initialValues: {
        image: 'https://cdn.example/a.jpg',
        images: ['https://cdn.example/b.jpg', 'https://cdn.example/c.jpg'],
      },
    });
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(3));
    expect(screen.getAllByRole('button', { name: /Choose/ })).toHaveLength(2);
    const remove = screen.getAllByRole('button', { name: /Delete/ });
    await click(remove[0]!);
    await click(remove[1]!);
    await submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ image: null, images: ['https://cdn.example/c.jpg'] }),
    );
  });

  it('shows a field only while its `visible` holds, inside list items too, keeping its value', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { container } = renderForm(onSubmit, {
      schema: z.object({
        kind: z.enum(['plain', 'tree']),
        items: z.array(z.object({ value: z.string(), parent: z.string().optional() })),
      }),
      fields: [
        {
          name: 'kind',
          label: 'Kind',
          options: [
            { value: 'plain', label: 'Plain' },
            { value: 'tree', label: 'Tree' },
          ],
        },
        {
          name: 'items',
          label: 'Items',
          itemLabel: 'Item',
          fields: [
            { name: 'value', label: 'Value' },
            { name: 'parent', label: 'Parent', visible: (values) => values.kind === 'tree' },
          ],
        },
      ],
      initialValues: { kind: 'tree', items: [{ value: 'b', parent: 'a' }] },
    });
    expect((await input(container, 'f_items_0_parent')).value).toBe('a');
    const select = container.querySelector('#f_kind')!;
    await act(async () => fireEvent.mouseDown(select));
    await click(await screen.findByTitle('Plain'));
    await waitFor(() => expect(container.querySelector('#f_items_0_parent')).toBeNull());
    expect(screen.getByText('Item 1')).toBeTruthy();
    await submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        kind: 'plain',
        items: [{ value: 'b', parent: 'a' }],
      }),
    );
  });

  it('shows a `rows` list as one line of controls per item, each named after its item', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit, {
      schema: z.object({
        links: z.array(z.object({ name: z.string().min(1), url: z.string().min(1) })),
      }),
      fields: [
        {
          name: 'links',
          label: 'Keyword links',
          layout: 'rows',
          itemTitle: (n) => `Link ${n}`,
          addLabel: 'Add a keyword link',
          newItem: { name: '', url: '' },
          fields: [
            { name: 'name', label: 'Keyword', placeholder: 'Keyword' },
            { name: 'url', label: 'Address', placeholder: 'https://' },
          ],
        },
      ],
      initialValues: { links: [] },
    });
    await click(await screen.findByRole('button', { name: /Add a keyword link/ }));
    await click(screen.getByRole('button', { name: /Add a keyword link/ }));
    // A row shows no labels: each control is named after its item, hinted by its placeholder.
    expect(screen.queryByText('Keyword', { selector: 'label' })).toBeNull();
    await type(screen.getByLabelText('Link 1: Keyword'), 'cà phê');
    await type(screen.getByLabelText('Link 1: Address'), '/ca-phe');
    await type(screen.getByLabelText('Link 2: Keyword'), 'trà');
    await type(screen.getByLabelText('Link 2: Address'), '/tra');
    expect(screen.getByLabelText('Link 2: Address').getAttribute('placeholder')).toBe('https://');
    await click(screen.getByRole('button', { name: 'Move Link 2 up' }));
    await submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        links: [
          { name: 'trà', url: '/tra' },
          { name: 'cà phê', url: '/ca-phe' },
        ],
      }),
    );
  });

  it('names items by a declared title, a nested one after its outer item, in its buttons too', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit, {
      schema: z.object({
        chapters: z.array(
          z.object({
            title: z.string().min(1),
            body: z.string().optional(),
            lessons: z.array(z.object({ title: z.string().min(1) })),
          }),
        ),
      }),
      fields: [
        {
          name: 'chapters',
          label: '',
          itemTitle: (n) => `第 ${n} 章`,
          addLabel: 'Add a chapter',
          newItem: { title: '', lessons: [] },
          fields: [
            { name: 'title', label: 'Chapter title', half: true },
            {
              name: 'body',
              label: 'Content',
              // the custom control is told its name, the item's included
              input: ({ label }) => <textarea aria-label={label} />,
            },
            {
              name: 'lessons',
              label: '',
              itemTitle: (n) => `Lesson ${n}`,
              addLabel: 'Add a lesson',
              newItem: { title: '' },
              fields: [{ name: 'title', label: 'Lesson title' }],
            },
          ],
        },
      ],
      initialValues: { chapters: [] },
    });
    await click(await screen.findByRole('button', { name: /Add a chapter/ }));
    await click(screen.getByRole('button', { name: /Add a chapter/ }));
    expect(screen.getByText('第 2 章')).toBeTruthy();
    expect(screen.getByLabelText('第 1 章: Content')).toBeTruthy();
    const [, second] = screen.getAllByRole('button', { name: /Add a lesson/ });
    await click(second!);
    await click(second!);
    // The lessons of chapter 2 say which chapter they are in.
    expect(screen.getByText('第 2 章 · Lesson 2')).toBeTruthy();
    expect(
      screen.getAllByRole('button', { name: /Lesson/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Move 第 2 章 · Lesson 1 up',
      'Move 第 2 章 · Lesson 1 down',
      'Remove 第 2 章 · Lesson 1',
      'Move 第 2 章 · Lesson 2 up',
      'Move 第 2 章 · Lesson 2 down',
      'Remove 第 2 章 · Lesson 2',
    ]);
    const lessons = screen.getAllByLabelText('Lesson title');
    await type(lessons[0]!, 'Rang');
    await type(lessons[1]!, 'Xay');
    await click(screen.getByRole('button', { name: 'Move 第 2 章 · Lesson 2 up' }));
    await click(screen.getByRole('button', { name: 'Remove 第 1 章' }));
    await type(screen.getByLabelText('Chapter title'), 'Hạt');
    await submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        chapters: [{ title: 'Hạt', lessons: [{ title: 'Xay' }, { title: 'Rang' }] }],
      }),
    );
  });
});
