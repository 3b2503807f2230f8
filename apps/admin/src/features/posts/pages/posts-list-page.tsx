import { CheckOutlined } from '@ant-design/icons';
import type { Post } from '@backoffice/shared/post.schema';
import type { PostType } from '@backoffice/shared/post-type.schema';
import { POST_STATUSES, type PostStatus } from '@backoffice/shared/post-status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { addressId, RecordUnavailable } from '../../../components/record-unavailable';
import { useScreenTitle } from '../../../components/screen-title';
import { postScreenTitle } from '../post-screen-title';
import { useNotices } from '../../../components/notices';
import type { ListFilter } from '../../../components/resource-list/list-filters';
import type { ListColumn } from '../../../components/resource-list/list-table';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { optionsFromAllPages, optionsFromList } from '../../../lib/options';
import { usePermissions } from '../../../lib/profile';
import { moneyWithUnit, useFormatters, useMoneyUnit } from '../../../lib/format';
import {
  approvePost,
  bulkPosts,
  categoriesApi,
  groupsApi,
  pendingCountKey,
  postsApi,
  postTypesApi,
} from '../api/posts-api';
import { POSTS_LIST_SORT } from '../posts-list-defaults';
import { Thumbnail } from '../../../components/thumbnail';

// A coloured dot beside plain text: the text keeps its contrast in both themes.
const STATUS_BADGE: Record<PostStatus, 'success' | 'default' | 'processing' | 'warning'> = {
  published: 'success',
  private: 'default',
  draft: 'processing',
  pending: 'warning',
};

/** The posts of one type: filters, search, sort, approve, delete and bulk actions. */
export const PostsListPage = () => {
  const { typeID } = useParams();
  const typeId = addressId(typeID);
  const { t } = useTranslation(['posts', 'content']);
  const type = useQuery({ ...postTypesApi.getQueryOptions(typeId ?? 0), enabled: !!typeId });
  if (!typeId || type.isError)
    return (
      <RecordUnavailable
        query={type}
        missing={t('list.noType')}
        failed={t('list.typeLoadFailed')}
      />
    );
  return (
    <PostsList
      typeId={typeId}
      typeTitle={type.data?.title ?? ''}
      features={type.data?.features ?? []}
      style={type.data?.style}
    />
  );
};

/** Posts of every type waiting for approval: what approvers look at first. */
export const PendingPostsPage = () => <PostsList features={[]} pending />;

const PostsList = ({
  typeId,
  typeTitle = '',
  features,
  pending = false,
  style,
}: {
  typeId?: number;
  typeTitle?: string;
  /** The type's style: a product type's list shows codes, prices and stock, and imports by code. */
  style?: PostType['style'];
  features: ReadonlyArray<{ key: string; name: string | null; enabled: boolean }>;
  pending?: boolean;
}) => {
  const { t } = useTranslation(['posts', 'content']);
  const navigate = useNavigate();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const { dateTime } = useFormatters();
  const products = style === 'product';
  const moneyUnit = useMoneyUnit();
  // Units on hand show to those who may see the warehouses (the list asks for them then only).
  const showStock = products && can('manage-warehouses');
  const enabled = (key: string) =>
    features.some((feature) => feature.key === key && feature.enabled);
  // Filters carry the names the type gives its features.
  const named = (key: string, fallback: string) =>
    features.find((feature) => feature.key === key)?.name || fallback;
  const statusOptions = POST_STATUSES.map((status) => ({
    value: status,
    label: t(`status.${status}`),
  }));
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: postsApi.keys.all });
    await queryClient.invalidateQueries({ queryKey: pendingCountKey });
  }, [queryClient]);

  const filters: ListFilter[] = [
    ...(pending ? [] : [{ name: 'status', label: t('fields.status'), options: statusOptions }]),
    // a filter's choices come from a list the user may read, or the filter is not offered
    ...(enabled('category') && can('categories.list')
      ? [
          {
            kind: 'tree-select' as const,
            name: 'category_id',
            label: named('category', t('fields.category')),
            // The whole tree of the type, so every category can be chosen and searched.
            options: optionsFromAllPages(
              categoriesApi,
              (c) => ({ value: c.id, label: c.title, parent: c.parent_id }),
              { type_id: typeId ?? 0 },
            ),
          },
        ]
      : []),
    ...(enabled('group') && can('groups.list')
      ? [
          {
            name: 'group_id',
            label: named('group', t('fields.group')),
            options: optionsFromList(groupsApi, (g) => ({ value: g.id, label: g.title }), {
              type_id: typeId,
              style: 'article',
              limit: 100,
            }),
          },
        ]
      : []),
    ...(enabled('trademark') && can('groups.list')
      ? [
          {
            name: 'trademark_id',
            label: named('trademark', t('fields.trademark')),
            options: optionsFromList(groupsApi, (g) => ({ value: g.id, label: g.title }), {
              type_id: typeId,
              style: 'trademark',
              limit: 100,
            }),
          },
        ]
      : []),
  ];

  const approve = useCallback(
    async (post: Post) => {
      try {
        await approvePost(post.id);
        notices.success(t('list.approved'));
      } catch (error) {
        notices.error(error);
      } finally {
        await refresh();
      }
    },
    [notices, t, refresh],
  );

  // Columns and row buttons keep their identity between renders (the list's table renders its
  // cells again only for new rows or new columns).
  const columns = useMemo<ListColumn<Post>[]>(() => {
    // looked up once, not in each row
    const statusText = Object.fromEntries(
      POST_STATUSES.map((status) => [status, t(`status.${status}`)]),
    ) as Record<PostStatus, string>;
    const image: ListColumn<Post> = {
      key: 'avatar',
      title: t('fields.image'),
      width: 72,
      render: (post) =>
        post.avatar ? <Thumbnail src={post.avatar} alt={post.title} width={48} /> : null,
    };
    // Whoever may list posts may open one: to edit it, or to read it without that right.
    const title: ListColumn<Post> = {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      render: (post) => <Link to={`/posts/edit/${post.type_id}/${post.id}`}>{post.title}</Link>,
    };
    const category: ListColumn<Post> = {
      key: 'primary_category',
      title: t('fields.primaryCategory'),
      render: (post) => post.primary_category?.title ?? '',
    };
    const status: ListColumn<Post> = {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      render: (post) => <Badge status={STATUS_BADGE[post.status]} text={statusText[post.status]} />,
    };
    const time: ListColumn<Post> = {
      key: 'created_at',
      title: t('fields.time'),
      sortable: true,
      render: (post) => dateTime(post.created_at),
    };
    // A shop works its products by code, price and stock; the author and the slug are for articles.
    if (products)
      return [
        image,
        title,
        {
          key: 'code',
          title: t('fields.code'),
          render: (post) => <Typography.Text code>{post.product?.code}</Typography.Text>,
        },
        {
          key: 'price',
          title: t('fields.price'),
          align: 'right',
          render: (post) => <bdi>{moneyWithUnit(post.product?.price, moneyUnit)}</bdi>,
        },
        ...(showStock
          ? [
              {
                key: 'in_stock',
                title: t('fields.inStock'),
                align: 'right',
                render: (post) => (
                  <Typography.Text type={post.product?.in_stock ? undefined : 'danger'}>
                    {post.product?.in_stock ?? 0}
                  </Typography.Text>
                ),
              } satisfies ListColumn<Post>,
            ]
          : []),
        category,
        status,
        time,
      ];
    return [
      image,
      title,
      {
        key: 'author',
        title: t('fields.author'),
        // a post whose author's account was deleted has none: said, not a blank cell
        render: (post) =>
          post.author?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
      },
      category,
      status,
      time,
      { key: 'slug', title: t('fields.slug') },
    ];
  }, [t, dateTime, products, showStock, moneyUnit]);
  const rowActions = useCallback(
    (post: Post) =>
      post.status === 'pending' && can('posts.approve') ? (
        <Button
          size="small"
          icon={<CheckOutlined />}
          onClick={() => void approve(post)}
          aria-label={t('list.approveOne', { title: post.title })}
        >
          {t('list.approve')}
        </Button>
      ) : null,
    [can, approve, t],
  );

  const title = pending
    ? t('list.pendingTitle')
    : typeTitle
      ? postScreenTitle(t, style ?? 'article', 'list', typeTitle)
      : t('list.titlePlain');
  useScreenTitle(title);

  return (
    <ResourceList<Post>
      title={title}
      createLabel={t(`styles.${style ?? 'article'}.add`)}
      searchPlaceholder={products ? t('list.searchProducts') : undefined}
      source={postsApi}
      rowKey="id"
      exportPath="/posts/export"
      importer={
        products && typeId && can('posts.create')
          ? {
              path: '/posts/import',
              query: { type_id: typeId },
              title: t('posts:import.title'),
              hint: t('posts:import.hint'),
            }
          : undefined
      }
      baseParams={
        pending
          ? { status: 'pending' }
          : { type_id: typeId, ...(showStock ? { include: 'stock' } : {}) }
      }
      defaultSort={POSTS_LIST_SORT}
      filters={filters}
      columns={columns}
      onCreate={
        can('posts.create') && typeId ? () => navigate(`/posts/add-new-post/${typeId}`) : undefined
      }
      onEdit={
        can('posts.update')
          ? (post) => navigate(`/posts/edit/${post.type_id}/${post.id}`)
          : undefined
      }
      onDelete={can('posts.delete') ? (post) => postsApi.remove(post.id).then(refresh) : undefined}
      bulkDelete={
        can('posts.delete')
          ? (posts) =>
              bulkPosts(
                posts.map((post) => post.id),
                'delete',
              )
          : false
      }
      bulkActions={
        can('posts.update')
          ? [
              {
                key: 'status',
                label: t('list.setStatus'),
                choices: statusOptions.filter(
                  (option) => option.value !== 'published' || can('posts.approve'),
                ),
                runAll: (posts, status) =>
                  bulkPosts(
                    posts.map((post) => post.id),
                    'status',
                    status as PostStatus,
                  ),
              },
            ]
          : []
      }
      rowActions={rowActions}
    />
  );
};
