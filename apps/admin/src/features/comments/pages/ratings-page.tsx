import { StarFilled } from '@ant-design/icons';
import { Card, Space, Statistic, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { useFormatters } from '../../../lib/format';
import { optionsFromList } from '../../../lib/options';
import { commentPostsApi } from '../api/comments-api';
import {
  type Rating,
  ratingCreateSchema,
  ratingsApi,
  ratingUserOptions,
  useRatingSummary,
} from '../api/ratings-api';

/** The score as stars a screen reader reads as "4 of 5". */
const Score = ({ score, label }: { score: number; label: string }) => (
  <span role="img" aria-label={label} style={{ whiteSpace: 'nowrap' }}>
    {Array.from({ length: 5 }, (_, i) => (
      <StarFilled
        key={i}
        aria-hidden
        style={{ color: i < score ? '#d48806' : 'var(--ant-color-fill-secondary)' }}
      />
    ))}
  </span>
);

/** The chosen post's number of ratings and average score, above the list. */
const PostSummary = ({ postId }: { postId: number }) => {
  const { t } = useTranslation('comments');
  const summary = useRatingSummary(postId);
  if (!summary.data) return null;
  return (
    <Card size="small" style={{ marginBlockEnd: 16 }} data-testid="rating-summary">
      <Space size="large" wrap>
        <Statistic
          title={t('ratings.average')}
          value={summary.data.average ?? '—'}
          precision={summary.data.average == null ? undefined : 2}
        />
        <Statistic title={t('ratings.count')} value={summary.data.count} />
      </Space>
    </Card>
  );
};

/** /rating and /rating/manager: posted at, content, score, rated item, author; delete. */
export const RatingsPage = () => {
  const { t } = useTranslation('comments');
  const format = useFormatters();
  const [searchParams] = useSearchParams();
  const postId = Number(searchParams.get('post_id') ?? 0);
  const posts = optionsFromList(commentPostsApi, (p) => ({ value: p.id, label: p.title }), {
    limit: 20,
  });
  return (
    <CrudPage<Rating, typeof ratingCreateSchema, typeof ratingCreateSchema>
      title={t('ratings.title')}
      api={{ ...ratingsApi, update: undefined }}
      rowKey="id"
      bulkDelete
      createEffect="prepend"
      baseParams={{ include: 'user,post' }}
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      permissions={{ create: 'ratings.create', delete: 'ratings.delete' }}
      filters={[{ name: 'post_id', label: t('ratings.fields.post'), options: posts }]}
      columns={[
        {
          key: 'created_at',
          title: t('ratings.fields.postedAt'),
          sortable: true,
          render: (row) => format.dateTime(row.created_at),
        },
        {
          key: 'content',
          title: t('ratings.fields.content'),
          render: (row) =>
            row.content ? (
              <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
                {row.content}
              </Typography.Paragraph>
            ) : (
              '—'
            ),
        },
        {
          key: 'score',
          title: t('ratings.fields.score'),
          sortable: true,
          render: (row) => (
            <Score score={row.score} label={t('ratings.scoreOf', { score: row.score })} />
          ),
        },
        { key: 'post', title: t('ratings.fields.post'), render: (row) => row.post?.title ?? '—' },
        {
          key: 'author',
          title: t('ratings.fields.author'),
          render: (row) =>
            row.user ? (
              row.user.name
            ) : (
              <Space size={4} wrap>
                <span>{row.author_name ?? '—'}</span>
                <Tag>{t('ratings.unregistered')}</Tag>
              </Space>
            ),
        },
      ]}
      form={{
        createSchema: ratingCreateSchema,
        fields: [
          { name: 'post_id', label: t('ratings.fields.post'), kind: 'select', source: posts },
          {
            name: 'user_id',
            label: t('ratings.fields.user'),
            kind: 'select',
            source: ratingUserOptions,
            required: false,
            help: t('ratings.userHelp'),
          },
          { name: 'author_name', label: t('ratings.fields.authorName'), required: false },
          { name: 'score', label: t('ratings.fields.score'), kind: 'number' },
          {
            name: 'content',
            label: t('ratings.fields.content'),
            kind: 'textarea',
            required: false,
          },
        ],
        createDefaults: { score: 5 },
        createTitle: t('ratings.createTitle'),
        editTitle: t('ratings.createTitle'),
      }}
    >
      {postId > 0 ? <PostSummary postId={postId} /> : null}
    </CrudPage>
  );
};
