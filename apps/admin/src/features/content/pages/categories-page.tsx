import {
  CATEGORY_LAYOUTS,
  categoryCreateSchema,
  categoryUpdateSchema,
  type Category,
} from '@backoffice/shared/category.schema';
import type { PostType } from '@backoffice/shared/post-type.schema';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer';
import { MediaField } from '../../../components/media-picker/media-field';
import { useNotices } from '../../../components/notices';
import { PageHeader } from '../../../components/page-header';
import { ResourceForm } from '../../../components/resource-form';
import { TreeList } from '../../../components/tree-list/tree-list';
import { useDeleteNodeConfirm } from '../../../components/tree-list/use-delete-node-confirm';
import { optionsFromList } from '../../../lib/options';
import { usePermissions } from '../../../lib/profile';
import {
  categoriesApi,
  removeCategory,
  reorderCategories,
  typeCategoriesQueryOptions,
} from '../api/categories-api';
import { groupsApi } from '../api/groups-api';
import { featureLabel } from '../nav';
import { TypeScreen } from '../components/type-screen';

/** The screen's type is the category's: the form does not ask for it. */
const createFormSchema = categoryCreateSchema.omit({ type_id: true });

const toFormValues = (category: Category) => ({
  title: category.title,
  slug: category.slug,
  image: category.image,
  description: category.description,
  parent_id: category.parent_id,
  layout: category.layout,
  number: category.number,
  group_ids: category.group_ids,
  order: category.order,
  show_by_category: category.show_by_category,
});

const CategoriesTree = ({ type }: { type: PostType }) => {
  const { t } = useTranslation('content');
  const { can } = usePermissions();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const confirmDelete = useDeleteNodeConfirm();
  const query = useQuery(typeCategoriesQueryOptions(type.id));
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  // The drawer keeps its title while it closes.
  const [drawerTitle, setDrawerTitle] = useState('');
  const open = (target: Category | 'new') => {
    setDrawerTitle(target === 'new' ? t('categories.createTitle') : t('categories.editTitle'));
    setEditing(target);
  };
  const categories = query.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: categoriesApi.keys.all });
  const label = featureLabel(type, 'category');
  const title = 'text' in label ? label.text : t('categories.title');

  const parentOptions = (exclude?: Category) => {
    // A category cannot go under itself or its own branch.
    const banned = new Set<number>();
    if (exclude) {
      banned.add(exclude.id);
      for (const category of categories)
        if (category.parent_id !== null && banned.has(category.parent_id)) banned.add(category.id);
    }
    return categories
      .filter((category) => !banned.has(category.id))
      .map((category) => ({ value: category.id, label: category.display_title }));
  };
  const dataGroups = optionsFromList(
    groupsApi,
    (group) => ({ value: group.id, label: group.title }),
    {
      style: 'field',
      type_id: type.id,
      limit: 100,
    },
  );
  const fields = (exclude?: Category) => [
    { name: 'title', label: t('fields.title') },
    {
      name: 'slug',
      label: t('fields.slug'),
      kind: 'slug' as const,
      from: 'title',
      help: t('slugHelp'),
    },
    { name: 'image', label: t('fields.image'), input: <MediaField area="categories" /> },
    { name: 'description', label: t('fields.description'), kind: 'textarea' as const },
    {
      name: 'parent_id',
      label: t('fields.parent'),
      kind: 'select' as const,
      options: parentOptions(exclude),
      placeholder: t('categories.noParent'),
    },
    {
      name: 'layout',
      label: t('fields.layout'),
      kind: 'select' as const,
      options: CATEGORY_LAYOUTS.map((layout) => ({ value: layout, label: t(`layouts.${layout}`) })),
    },
    { name: 'number', label: t('fields.number'), kind: 'number' as const },
    {
      name: 'group_ids',
      label: t('fields.dataGroups'),
      kind: 'select' as const,
      multiple: true,
      source: dataGroups,
    },
    { name: 'order', label: t('fields.order'), kind: 'number' as const },
    { name: 'show_by_category', label: t('fields.showByCategory'), kind: 'switch' as const },
  ];

  const handleDelete = (category: Category) =>
    confirmDelete({
      title: category.title,
      childCount: categories.filter((item) => item.parent_id === category.id).length,
      onConfirm: async (choice) => {
        try {
          await removeCategory(category.id, choice === 'delete' ? 'cascade' : 'lift');
          notices.deleted(1);
        } catch (error) {
          notices.error(error);
        }
        await refresh();
      },
    });

  return (
    <>
      <PageHeader
        title={`${title} · ${type.title}`}
        extra={
          can('categories.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('categories.add')}
            </Button>
          ) : null
        }
      />
      {query.error ? (
        <Alert type="error" showIcon message={t('loadError')} style={{ marginBottom: 12 }} />
      ) : null}
      <Card>
        <Typography.Paragraph type="secondary">{t('categories.help')}</Typography.Paragraph>
        <TreeList<Category>
          ariaLabel={title}
          items={categories}
          loading={query.isLoading}
          label={(category) => category.title}
          actions={(category) => (
            <Space size={0}>
              {can('categories.update') ? (
                <Tooltip title={t('common:actions.edit')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('common:actions.edit')}: ${category.title}`}
                    onClick={() => open(category)}
                  />
                </Tooltip>
              ) : null}
              {can('categories.delete') ? (
                <Tooltip title={t('common:actions.delete')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('common:actions.delete')}: ${category.title}`}
                    onClick={() => handleDelete(category)}
                  />
                </Tooltip>
              ) : null}
            </Space>
          )}
          onMove={
            can('categories.update')
              ? (move) => {
                  if (move.changed.length === 0) return;
                  queryClient.setQueryData(
                    typeCategoriesQueryOptions(type.id).queryKey,
                    move.items,
                  );
                  reorderCategories(
                    move.changed.map((item) => ({
                      id: Number(item.id),
                      parent_id: item.parent_id === null ? null : Number(item.parent_id),
                      order: item.order,
                    })),
                  )
                    .then(() => notices.updated())
                    .catch((error: unknown) => notices.error(error))
                    .finally(() => void refresh());
                }
              : undefined
          }
        />
      </Card>
      <FormDrawer open={editing !== null} title={drawerTitle} onClose={() => setEditing(null)}>
        {editing === 'new' ? (
          <ResourceForm
            id="create-form"
            schema={createFormSchema}
            fields={fields()}
            initialValues={{ show_by_category: false, group_ids: [] }}
            submitLabel={t('common:actions.create')}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              await categoriesApi.create({ ...values, type_id: type.id });
              notices.created();
              await refresh();
            }}
            onDone={() => setEditing(null)}
          />
        ) : editing ? (
          <ResourceForm
            id="edit-form"
            schema={categoryUpdateSchema}
            fields={fields(editing)}
            initialValues={toFormValues(editing)}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              await categoriesApi.update(editing.id, values);
              notices.updated();
              await refresh();
            }}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </FormDrawer>
    </>
  );
};

/** Categories of a post type (/posts/post-category/:typeID): the tree, dragged or moved by keyboard. */
export const CategoriesPage = () => (
  <TypeScreen>{(type) => <CategoriesTree key={type.id} type={type} />}</TypeScreen>
);
