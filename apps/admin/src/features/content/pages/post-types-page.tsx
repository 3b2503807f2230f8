import {
  POST_STYLES,
  completeFeatures,
  postTypeFormSchema,
  type PostType,
} from '@backoffice/shared/post-type.schema';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { MediaField } from '../../../components/media-picker/media-field';
import { postTypesApi } from '../api/post-types-api';
import { FeaturesInput } from '../components/features-input';
import { useMenuReload } from '../components/use-menu-reload';

/** Post types (/post-type, /post-type/manager): style, order, title, slug, features and custom fields. */
export const PostTypesPage = () => {
  const { t } = useTranslation('content');
  const reloadMenu = useMenuReload();
  const styleOptions = POST_STYLES.map((style) => ({ value: style, label: t(`styles.${style}`) }));
  const after = <T,>(work: Promise<T>) =>
    work.then((result) => {
      reloadMenu();
      return result;
    });
  const api = {
    ...postTypesApi,
    create: (body: Parameters<typeof postTypesApi.create>[0]) => after(postTypesApi.create(body)),
    update: (id: string | number, body: Parameters<typeof postTypesApi.update>[1]) =>
      after(postTypesApi.update(id, body)),
    remove: (id: string | number) => after(postTypesApi.remove(id)),
  };
  const fields = [
    { name: 'style', label: t('fields.style'), options: styleOptions },
    { name: 'sort', label: t('fields.sort'), kind: 'number' as const },
    { name: 'title', label: t('fields.title') },
    {
      name: 'slug',
      label: t('fields.slug'),
      kind: 'slug' as const,
      from: 'title',
      help: t('slugHelp'),
    },
    { name: 'image', label: t('fields.image'), input: <MediaField area="post-types" /> },
    { name: 'description', label: t('fields.description'), kind: 'textarea' as const },
    { name: 'sitemap', label: t('fields.sitemap'), kind: 'switch' as const },
    { name: 'features', label: t('fields.features'), input: <FeaturesInput /> },
    {
      name: 'custom_fields',
      label: t('fields.customFields'),
      kind: 'list' as const,
      itemLabel: t('types.customField'),
      newItem: { key: '', title: '' },
      fields: [
        { name: 'key', label: t('fields.key') },
        { name: 'title', label: t('fields.title') },
      ],
    },
  ];
  return (
    <CrudPage<PostType, typeof postTypeFormSchema, typeof postTypeFormSchema>
      title={t('types.title')}
      api={api}
      rowKey="id"
      paging="all"
      createEffect="append"
      defaultSort={{ orderBy: 'sort', sortedBy: 'asc' }}
      permissions={{ create: 'types.create', update: 'types.update', delete: 'types.delete' }}
      columns={[
        {
          key: 'title',
          title: t('fields.title'),
          sortable: true,
          render: (row) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{row.title}</Typography.Text>
              <Typography.Text type="secondary" code>
                {row.slug}
              </Typography.Text>
            </Space>
          ),
        },
        {
          key: 'style',
          title: t('fields.style'),
          render: (row) => <Tag>{t(`styles.${row.style}`)}</Tag>,
        },
        { key: 'sort', title: t('fields.sort'), sortable: true },
        {
          key: 'features',
          title: t('fields.features'),
          render: (row) =>
            row.features
              .filter((feature) => feature.enabled)
              .map((feature) => (
                <Tag key={feature.key}>{feature.name || t(`features.${feature.key}`)}</Tag>
              )),
        },
        {
          key: 'sitemap',
          title: t('fields.sitemap'),
          render: (row) => (row.sitemap ? t('common:details.yes') : t('common:details.no')),
        },
      ]}
      form={{
        createSchema: postTypeFormSchema,
        updateSchema: postTypeFormSchema,
        fields,
        createDefaults: {
          style: 'article',
          sitemap: true,
          features: completeFeatures(undefined),
          custom_fields: [],
        },
        linkDefaults: (style) =>
          (POST_STYLES as readonly string[]).includes(style) ? { style } : {},
        toFormValues: (row) => ({
          style: row.style,
          sort: row.sort,
          title: row.title,
          slug: row.slug,
          image: row.image,
          description: row.description,
          sitemap: row.sitemap,
          features: row.features,
          custom_fields: row.custom_fields,
        }),
        createTitle: t('types.createTitle'),
        editTitle: t('types.editTitle'),
      }}
    />
  );
};
