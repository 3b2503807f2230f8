import type { Category } from '@backoffice/shared/category.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Spin,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { usePermissions } from '../../../lib/profile';
import {
  categoriesApi,
  mostUsedCategoriesQueryOptions,
  relatedByIdsQueryOptions,
  relatedSearchQueryOptions,
} from '../api/posts-api';
import { Box } from './post-boxes';

/** How many of the most used categories are offered. */
const MOST_USED = 10;
/** Related posts are searched once typing pauses this long, not at every key. */
const SEARCH_DELAY_MS = 250;

/** Categories: all of them or the most used, one primary, and a new one with an optional parent. */
export const CategoriesBox = ({
  title,
  typeId,
  categories,
  note,
}: {
  title: string;
  typeId: number;
  categories: Category[];
  note?: string;
}) => {
  const { t } = useTranslation('posts');
  const notices = useNotices();
  const queryClient = useQueryClient();
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch('category_ids', form) as number[] | undefined) ?? [];
  const [adding, setAdding] = useState(false);
  const [tab, setTab] = useState<'all' | 'most'>('all');
  const [newTitle, setNewTitle] = useState('');
  const [newParent, setNewParent] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);
  const canCreate = usePermissions().can('categories.create');

  // The most used: the type's categories holding the most posts (counts the server keeps).
  const used = useQuery({
    ...mostUsedCategoriesQueryOptions(typeId, MOST_USED),
    enabled: tab === 'most',
  });
  const mostUsed = (used.data?.data ?? []).filter((category) => category.post_count > 0);

  const checklist = (items: Category[], most: boolean) => (
    <Form.Item name="category_ids" noStyle>
      <Checkbox.Group
        style={{
          display: 'flex',
          flexDirection: 'column',
          gap: 4,
          maxHeight: 240,
          overflow: 'auto',
        }}
      >
        {items.map((category) => (
          <Checkbox
            key={category.id}
            value={category.id}
            style={{ marginInlineStart: most ? 0 : (category.level - 1) * 16 }}
          >
            {category.title}
            {most ? (
              <Typography.Text type="secondary"> ({category.post_count})</Typography.Text>
            ) : null}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Form.Item>
  );

  const create = async () => {
    if (!newTitle.trim()) return;
    setSaving(true);
    try {
      const created = await categoriesApi.create({
        type_id: typeId,
        title: newTitle.trim(),
        parent_id: newParent ?? null,
      });
      await queryClient.invalidateQueries({ queryKey: categoriesApi.keys.all });
      form.setFieldValue('category_ids', [...chosen, created.id]);
      notices.created();
      setNewTitle('');
      setNewParent(undefined);
      setAdding(false);
    } catch {
      notices.error(new Error(t('categories.addFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box title={title} note={note}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="small"
        aria-label={title}
        value={tab}
        onChange={(event) => setTab(event.target.value as 'all' | 'most')}
        options={[
          { value: 'all', label: t('categories.all') },
          { value: 'most', label: t('categories.mostUsed') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {tab === 'all' ? (
        checklist(categories, false)
      ) : used.isPending ? (
        <Spin size="small" />
      ) : mostUsed.length > 0 ? (
        checklist(mostUsed, true)
      ) : (
        <p>{t('categories.noneUsed')}</p>
      )}
      <Form.Item
        name="primary_category_id"
        label={t('categories.primary')}
        style={{ marginTop: 12 }}
      >
        <Select
          allowClear
          options={categories
            .filter((category) => chosen.includes(category.id))
            .map((category) => ({ value: category.id, label: category.title }))}
          placeholder={t('categories.primaryPlaceholder')}
        />
      </Form.Item>
      {!canCreate ? null : adding ? (
        <Flex vertical gap={8}>
          <Input
            aria-label={t('categories.newTitle')}
            placeholder={t('categories.newTitle')}
            value={newTitle}
            onChange={(event) => setNewTitle(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              void create();
            }}
          />
          <TreeSelect
            aria-label={t('categories.newParent')}
            placeholder={t('categories.newParent')}
            allowClear
            value={newParent}
            onChange={(value) => setNewParent(value ?? undefined)}
            treeDataSimpleMode={{ id: 'id', pId: 'pId' }}
            treeData={categories.map((category) => ({
              id: category.id,
              pId: category.parent_id ?? 0,
              value: category.id,
              title: category.title,
            }))}
          />
          <Flex gap={8}>
            <Button type="primary" loading={saving} onClick={() => void create()}>
              {t('categories.add')}
            </Button>
            <Button onClick={() => setAdding(false)}>{t('actions.cancel')}</Button>
          </Flex>
        </Flex>
      ) : (
        <Button size="small" onClick={() => setAdding(true)}>
          {t('categories.addNew')}
        </Button>
      )}
    </Box>
  );
};

/** Related posts: searched on the server as one types; the chosen ones read by ids. */
export const RelatedBox = ({
  title,
  typeId,
  selfId,
  note,
}: {
  title: string;
  typeId: number;
  selfId?: number;
  note?: string;
}) => {
  const { t } = useTranslation('posts');
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch('related_ids', form) as number[] | undefined) ?? [];
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery(relatedSearchQueryOptions(typeId, search));
  const known = useQuery({ ...relatedByIdsQueryOptions(chosen), enabled: chosen.length > 0 });
  const options = new Map<number, string>();
  for (const post of [...(known.data?.data ?? []), ...(found.data?.data ?? [])])
    if (post.id !== selfId) options.set(post.id, post.title);
  return (
    <Box title={title} note={note}>
      <Form.Item name="related_ids" noStyle>
        <Select
          mode="multiple"
          aria-label={title}
          style={{ width: '100%' }}
          showSearch
          filterOption={false}
          onSearch={setTyped}
          loading={found.isFetching}
          placeholder={t('related.placeholder')}
          options={[...options].map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
    </Box>
  );
};
