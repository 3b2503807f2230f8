import {
  groupCreateSchema,
  groupUpdateSchema,
  type Group,
  type GroupStyle,
} from '@backoffice/shared/group.schema';
import type { PostType } from '@backoffice/shared/post-type.schema';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CrudPage } from '../../../components/crud-page';
import { MediaField } from '../../../components/media-picker/media-field';
import { useFormatters } from '../../../lib/format';
import { allPostTypesQueryOptions } from '../api/post-types-api';
import { groupsApi } from '../api/groups-api';
import { featureLabel } from '../nav';
import { TypeScreen } from '../components/type-screen';
import { Thumbnail } from '../../../components/thumbnail';

/** Which style of group a path lists. */
const styleOfPath = (pathname: string): GroupStyle =>
  pathname.startsWith('/posts/trademark-group/')
    ? 'trademark'
    : pathname.startsWith('/posts/data-group/')
      ? 'field'
      : 'article';

const FEATURE_OF = { article: 'group', trademark: 'trademark', field: 'fields' } as const;

const formSchema = groupCreateSchema.omit({ style: true });

const GroupsList = ({ type, style }: { type: PostType; style: GroupStyle }) => {
  const { t } = useTranslation('content');
  const format = useFormatters();
  const navigate = useNavigate();
  const types = useQuery(allPostTypesQueryOptions());
  const label = featureLabel(type, FEATURE_OF[style]);
  const title = 'text' in label ? label.text : t(`groups.styles.${style}`);
  const api = {
    ...groupsApi,
    create: (body: Omit<Parameters<typeof groupsApi.create>[0], 'style'>) =>
      groupsApi.create({ ...body, style }),
  };
  const common = [
    { name: 'title', label: t('fields.title') },
    {
      name: 'slug',
      label: t('fields.slug'),
      kind: 'slug' as const,
      from: 'title',
      help: t('slugHelp'),
    },
    { name: 'image', label: t('fields.image'), input: <MediaField area="groups" /> },
    { name: 'description', label: t('fields.description'), kind: 'textarea' as const },
  ];
  // A data group names its post type on screen, where it must be chosen; the other styles
  // belong to the screen's type, held by the form without a control.
  const typeField = {
    name: 'type_id',
    label: t('fields.type'),
    kind: 'select' as const,
    options: (types.data ?? []).map((item) => ({ value: item.id, label: item.title })),
    visible: () => style === 'field',
  };
  return (
    <CrudPage<Group, typeof formSchema, typeof groupUpdateSchema>
      key={`${type.id}-${style}`}
      title={`${title} · ${type.title}`}
      api={api}
      rowKey="id"
      bulkDelete
      baseParams={
        style === 'field'
          ? { style, type_id: type.id, include: 'fields' }
          : { style, type_id: type.id }
      }
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      permissions={{ create: 'groups.create', update: 'groups.update', delete: 'groups.delete' }}
      rowActions={
        style === 'field'
          ? (row) => (
              <Button
                size="small"
                icon={<UnorderedListOutlined />}
                onClick={() => void navigate(`/posts/data-group/${type.id}/data-field/${row.id}`)}
              >
                {t('groups.fields')}
              </Button>
            )
          : undefined
      }
      columns={[
        {
          key: 'image',
          title: t('fields.image'),
          render: (row) =>
            row.image ? <Thumbnail src={row.image} alt={row.title} width={40} /> : null,
        },
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
        { key: 'description', title: t('fields.description') },
        // A data group's fields at a glance (the list asks for them with include=fields).
        ...(style === 'field'
          ? [
              {
                key: 'fields',
                title: t('groups.fields'),
                render: (row: Group) => (
                  <Space size={[4, 4]} wrap>
                    {(row.fields ?? []).map((field) => (
                      <Tag key={field.id}>{field.title}</Tag>
                    ))}
                  </Space>
                ),
              },
            ]
          : []),
        {
          key: 'created_at',
          title: t('common:fields.createdAt'),
          sortable: true,
          render: (row) => format.dateTime(row.created_at),
        },
      ]}
      form={{
        createSchema: formSchema,
        updateSchema: groupUpdateSchema,
        fields: [typeField, ...common],
        editFields: common,
        createDefaults: { type_id: type.id },
        toFormValues: (row) => ({
          title: row.title,
          slug: row.slug,
          image: row.image,
          description: row.description,
        }),
        createTitle: t(`groups.createTitle.${style}`),
        editTitle: t(`groups.editTitle.${style}`),
      }}
    />
  );
};

/** Article/product/course groups, trademarks and data groups of a post type. */
export const GroupsPage = () => {
  const { pathname } = useLocation();
  const style = styleOfPath(pathname);
  return <TypeScreen>{(type) => <GroupsList type={type} style={style} />}</TypeScreen>;
};
