import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { ResourceForm } from '../../../apps/admin/src/components/resource-form';
import { ResourceList } from '../../../apps/admin/src/components/resource-list/resource-list';
import { TreeList } from '../../../apps/admin/src/components/tree-list/tree-list';
import { useDeleteNodeConfirm } from '../../../apps/admin/src/components/tree-list/use-delete-node-confirm';
import type { ListParams, ListResponse } from '../../../apps/admin/src/lib/api-client';
import type { OptionsSource } from '../../../apps/admin/src/lib/options';
import { descendantIds, liftChildren } from '../../../apps/admin/src/lib/tree';

type Category = { id: number; parent_id: number | null; title: string };

const CATEGORIES: Category[] = [
  { id: 1, parent_id: null, title: 'Đồ uống' },
  { id: 2, parent_id: 1, title: 'Cà phê' },
  { id: 3, parent_id: 2, title: 'Cà phê sữa đá' },
  { id: 4, parent_id: 1, title: 'Trà' },
  { id: 5, parent_id: null, title: 'Bánh ngọt' },
  { id: 6, parent_id: null, title: 'Quà tặng' },
];

const categoryOptions: OptionsSource = {
  key: ['harness', 'categories'],
  load: async () =>
    CATEGORIES.map((one) => ({ value: one.id, label: one.title, parent: one.parent_id })),
};

const CategoryTree = () => {
  const [items, setItems] = useState(CATEGORIES);
  const confirmDelete = useDeleteNodeConfirm();
  return (
    <Card title="Danh mục">
      <TreeList<Category>
        ariaLabel="Danh mục"
        items={items}
        label={(item) => item.title}
        onMove={(move) => setItems(move.items)}
        actions={(item) => (
          <>
            <Tooltip title="Sửa">
              <Button size="small" icon={<EditOutlined />} aria-label={`Sửa ${item.title}`} />
            </Tooltip>
            <Tooltip title="Xóa">
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Xóa ${item.title}`}
                onClick={() =>
                  confirmDelete({
                    title: item.title,
                    childCount: items.filter((one) => one.parent_id === item.id).length,
                    onConfirm: async (children) => {
                      const lifted = new Map(
                        liftChildren(items, item.id).map((one) => [one.id, one.parent_id]),
                      );
                      const gone =
                        children === 'delete' ? descendantIds(items, item.id) : new Set<string>();
                      setItems(
                        items
                          .filter((one) => one.id !== item.id && !gone.has(String(one.id)))
                          .map((one) =>
                            children === 'lift' && lifted.has(one.id)
                              ? { ...one, parent_id: lifted.get(one.id) as number | null }
                              : one,
                          ),
                      );
                    },
                  })
                }
              />
            </Tooltip>
          </>
        )}
      />
      <pre data-testid="tree-state" style={{ display: 'none' }}>
        {items.map((item) => `${item.title}<${item.parent_id ?? ''}`).join('\n')}
      </pre>
    </Card>
  );
};

const courseSchema = z.object({
  title: z.string().trim().min(1, { error: 'validation.required' }),
  slug: z.string().optional(),
  price: z.number({ error: 'validation.required' }).int().min(0),
  start_at: z.string().nullish(),
  published_on: z.string().nullish(),
  category_id: z.union([z.number(), z.string()]).nullish(),
  keywords: z.array(z.string()).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  image: z.string().nullish(),
  config: z
    .array(
      z.object({
        quantity: z
          .number({ error: 'validation.required' })
          .int()
          .min(1, { error: 'validation.too_small' }),
        discount: z.number({ error: 'validation.required' }).int().min(0),
      }),
    )
    .min(1, { error: 'validation.array_too_small' }),
  chapters: z.array(
    z.object({
      title: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
      lessons: z.array(
        z.object({
          title: z
            .string({ error: 'validation.required' })
            .min(1, { error: 'validation.required' }),
        }),
      ),
    }),
  ),
});

const CourseForm = () => {
  const [sent, setSent] = useState<unknown>(null);
  return (
    <Card title="Khóa học">
      <ResourceForm
        id="course"
        schema={courseSchema}
        initialValues={{
          price: 1250000,
          keywords: ['cà phê', 'pha chế'],
          data: { level: 'cơ bản' },
          config: [{ quantity: 5, discount: 10000 }],
          chapters: [
            { title: 'Chương 1: Hạt cà phê', lessons: [{ title: 'Bài 1: Arabica và Robusta' }] },
          ],
        }}
        fields={[
          { name: 'title', label: 'Tiêu đề' },
          { name: 'slug', label: 'Đường dẫn tĩnh', kind: 'slug', from: 'title' },
          { name: 'price', label: 'Giá', kind: 'money' },
          { name: 'start_at', label: 'Bắt đầu', kind: 'datetime' },
          { name: 'published_on', label: 'Ngày đăng', kind: 'date' },
          { name: 'category_id', label: 'Danh mục', kind: 'tree-select', source: categoryOptions },
          { name: 'keywords', label: 'Từ khóa', kind: 'tags' },
          { name: 'data', label: 'Dữ liệu', kind: 'json' },
          { name: 'image', label: 'Ảnh', kind: 'media' },
          {
            name: 'config',
            label: 'Mức giảm giá',
            itemLabel: 'Mức',
            newItem: { discount: 0 },
            fields: [
              { name: 'quantity', label: 'Số lượng', kind: 'number' },
              { name: 'discount', label: 'Giảm', kind: 'money' },
            ],
          },
          {
            name: 'chapters',
            label: 'Chương',
            itemLabel: 'Chương',
            fields: [
              { name: 'title', label: 'Tên chương' },
              {
                name: 'lessons',
                label: 'Bài học',
                itemLabel: 'Bài',
                fields: [{ name: 'title', label: 'Tên bài' }],
              },
            ],
          },
        ]}
        onSubmit={async (values) => setSent(values)}
      />
      <pre data-testid="form-sent" style={{ display: 'none' }}>
        {sent ? JSON.stringify(sent) : ''}
      </pre>
    </Card>
  );
};

type Post = { id: number; title: string; status: string; created_at: string };

const posts: Post[] = Array.from({ length: 23 }, (_, index) => ({
  id: 23 - index,
  title: `Bài viết số ${23 - index}`,
  status: index % 3 === 0 ? 'draft' : 'published',
  created_at: `2025-06-${String(1 + (index % 28)).padStart(2, '0')}T08:00:00+07:00`,
}));

const postsSource = {
  keys: {
    all: ['harness', 'posts'],
    list: (params: ListParams) => ['harness', 'posts', 'list', params],
  },
  list: async (params: ListParams): Promise<ListResponse<Post>> => {
    const limit = Number(params.limit ?? 20);
    const page = Number(params.page ?? 1);
    const found = posts.filter((post) => !params.status || post.status === params.status);
    const data = found.slice((page - 1) * limit, page * limit);
    return {
      data,
      meta: {
        pagination: {
          count: data.length,
          total: found.length,
          per_page: limit,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(found.length / limit)),
        },
      },
    };
  },
};

const PostsList = () => (
  <ResourceList<Post>
    title="Bài viết"
    headingLevel={2}
    source={postsSource}
    rowKey="id"
    pageSize={10}
    columns={[
      { key: 'title', title: 'Tiêu đề', sortable: true },
      { key: 'status', title: 'Trạng thái' },
      { key: 'created_at', title: 'Thời gian', sortable: true },
    ]}
    filters={[
      { kind: 'tree-select', name: 'category_id', label: 'Danh mục', options: categoryOptions },
      {
        name: 'status',
        label: 'Trạng thái',
        options: [
          { value: 'published', label: 'Đã đăng' },
          { value: 'draft', label: 'Nháp' },
        ],
      },
      { kind: 'date-range', name: 'created', label: 'Thời gian', params: ['from', 'to'] },
      { kind: 'text', name: 'code', label: 'Mã' },
    ]}
    onEdit={() => undefined}
    onDelete={async () => undefined}
    bulkDelete
    bulkActions={[
      {
        key: 'status',
        label: 'Đổi trạng thái',
        choices: [
          { value: 'published', label: 'Đã đăng' },
          { value: 'draft', label: 'Nháp' },
        ],
        run: async () => undefined,
      },
    ]}
  />
);

// In a main landmark with one level-one heading, as the admin's screens are.
export const GenericScreens = () => (
  <Flex
    component="main"
    vertical
    gap={24}
    style={{ padding: 24, maxWidth: 1180, margin: '0 auto' }}
  >
    <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
      Generic screens
    </Typography.Title>
    <Flex gap={24} wrap align="flex-start">
      <div style={{ flex: '1 1 380px' }}>
        <CategoryTree />
      </div>
      <div style={{ flex: '1 1 560px' }}>
        <CourseForm />
      </div>
    </Flex>
    <div>
      <PostsList />
    </div>
  </Flex>
);
