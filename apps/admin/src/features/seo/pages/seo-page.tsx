import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { MediaField } from '../../../components/media-picker/media-field';
import { useFormatters } from '../../../lib/format';
import { SEO_TYPES, type Seo, seoCreateSchema, seosApi, seoUpdateSchema } from '../api/seos-api';
import { SeoPreview } from '../components/seo-preview';
import { Thumbnail } from '../../../components/thumbnail';

/** SEO records (/seo, /seo/manager): url, type, title, image, description, keywords. */
export const SeoPage = () => {
  const { t } = useTranslation('seo');
  const format = useFormatters();
  const typeOptions = SEO_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));
  const fields = [
    { name: 'url', label: t('fields.url'), placeholder: '/gioi-thieu' },
    { name: 'type', label: t('fields.type'), options: typeOptions },
    { name: 'title', label: t('fields.title') },
    { name: 'image', label: t('fields.image'), input: <MediaField area="seo" /> },
    { name: 'description', label: t('fields.description'), kind: 'textarea' as const },
    {
      name: 'keywords',
      label: t('fields.keywords'),
      help: t('keywordsHelp'),
      input: (
        <Select
          mode="tags"
          open={false}
          tokenSeparators={[',']}
          aria-label={t('fields.keywords')}
        />
      ),
    },
  ];
  return (
    <CrudPage<Seo, typeof seoCreateSchema, typeof seoUpdateSchema>
      title={t('title')}
      api={seosApi}
      rowKey="id"
      createEffect="prepend"
      bulkDelete
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      permissions={{ create: 'seos.create', update: 'seos.update', delete: 'seos.delete' }}
      filters={[{ name: 'type', label: t('fields.type'), options: typeOptions }]}
      columns={[
        {
          key: 'image',
          title: t('fields.image'),
          render: (row) => <Thumbnail src={row.image} alt={row.title} width={48} />,
        },
        {
          key: 'title',
          title: t('fields.title'),
          sortable: true,
          render: (row) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{row.title}</Typography.Text>
              <Typography.Text type="secondary" code>
                {/* an address reads left to right in a right-to-left page too */}
                <bdi dir="ltr">{row.url}</bdi>
              </Typography.Text>
            </Space>
          ),
        },
        {
          key: 'type',
          title: t('fields.type'),
          sortable: true,
          render: (row) => <Tag>{t(`types.${row.type}`)}</Tag>,
        },
        {
          key: 'keywords',
          title: t('fields.keywords'),
          render: (row) => row.keywords.map((keyword) => <Tag key={keyword}>{keyword}</Tag>),
        },
        {
          key: 'created_at',
          title: t('common:fields.createdAt'),
          sortable: true,
          render: (row) => format.dateTime(row.created_at),
        },
      ]}
      form={{
        createSchema: seoCreateSchema,
        updateSchema: seoUpdateSchema,
        fields,
        createDefaults: { type: 'website', keywords: [] },
        toFormValues: (row) => ({
          url: row.url,
          type: row.type,
          title: row.title,
          image: row.image,
          description: row.description,
          keywords: row.keywords,
        }),
        createTitle: t('createTitle'),
        editTitle: t('editTitle'),
        extra: <SeoPreview />,
      }}
    />
  );
};
