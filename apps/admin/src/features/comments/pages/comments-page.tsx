import { CheckOutlined, CommentOutlined, EnterOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { FormDrawer } from '../../../components/form-drawer';
import { useNotices } from '../../../components/notices';
import { ResourceForm } from '../../../components/resource-form';
import { useFormatters } from '../../../lib/format';
import { updateCachedLists } from '../../../lib/list-effects';
import { optionsFromList } from '../../../lib/options';
import { usePreferences } from '../../../lib/preferences';
import { usePermissions } from '../../../lib/profile';
import {
  COMMENT_STATUSES,
  commentCreateSchema,
  commentUpdateSchema,
} from '@backoffice/shared/comment.schema';
import { type Comment, commentPostsApi, commentsApi } from '../api/comments-api';
import { ToneTag, type Tone } from '../../../components/tone-tag';

const INDENT = 24;

type Moderation = 'approve' | 'spam';

const STATUS_TONES: Record<Comment['status'], Tone> = {
  pending: 'warning',
  approved: 'success',
  spam: 'danger',
};

const StatusTag = ({ status }: { status: Comment['status'] }) => {
  const { t } = useTranslation('comments');
  return (
    <ToneTag tone={STATUS_TONES[status]} data-testid="comment-status">
      {t(`statuses.${status}`)}
    </ToneTag>
  );
};

/** A comment's message, indented by its depth so the list reads as the threads it holds. */
const ThreadedMessage = ({ comment, replyLabel }: { comment: Comment; replyLabel: string }) => {
  // The arrow points from the comment above into the reply, so it turns with the reading direction.
  const { direction } = usePreferences();
  return (
    <div
      style={{ paddingInlineStart: (comment.level - 1) * INDENT, display: 'flex', gap: 8 }}
      data-level={comment.level}
      data-testid={`comment-${comment.id}`}
    >
      {comment.level > 1 ? (
        <EnterOutlined
          aria-label={replyLabel}
          role="img"
          style={{
            transform: direction === 'rtl' ? 'scale(-1, -1)' : 'scaleY(-1)',
            color: 'var(--ant-color-text-secondary)',
            marginTop: 4,
          }}
        />
      ) : null}
      <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3 }}>
        {comment.message}
      </Typography.Paragraph>
    </div>
  );
};

/** /comment and /comment/manager: comments as threads; reply, edit the message, delete with replies. */
export const CommentsPage = () => {
  const { t } = useTranslation('comments');
  const format = useFormatters();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [replyingTo, setReplyingTo] = useState<Comment | null>(null);
  const posts = optionsFromList(commentPostsApi, (p) => ({ value: p.id, label: p.title }), {
    limit: 20,
  });
  const close = () => setReplyingTo(null);
  const canModerate = can('comments.update');
  const statusOptions = COMMENT_STATUSES.map((status) => ({
    value: status,
    label: t(`statuses.${status}`),
  }));
  const moderate = (action: Moderation, row: Comment) =>
    action === 'approve' ? commentsApi.approve(row.id) : commentsApi.spam(row.id);
  // The lists and the sidebar's pending count both change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsApi.keys.all });
  const moderation = useMutation({
    mutationFn: ({ action, row }: { action: Moderation; row: Comment }) => moderate(action, row),
    onSuccess: async () => {
      notices.updated();
      await refresh();
    },
    onError: notices.error,
  });
  const moderationButton = (action: Moderation, row: Comment) => (
    <Tooltip title={t(`actions.${action}`)}>
      <Button
        size="small"
        icon={action === 'approve' ? <CheckOutlined /> : <StopOutlined />}
        aria-label={`${t(`actions.${action}`)}: ${row.message.slice(0, 40)}`}
        loading={
          moderation.isPending &&
          moderation.variables?.row.id === row.id &&
          moderation.variables.action === action
        }
        onClick={() => moderation.mutate({ action, row })}
        data-testid={`comment-${action}-${row.id}`}
      />
    </Tooltip>
  );

  return (
    <>
      <CrudPage<Comment, typeof commentCreateSchema, typeof commentUpdateSchema>
        title={t('title')}
        api={commentsApi}
        rowKey="id"
        exportPath="/comments/export"
        createEffect="prepend"
        permissions={{
          create: 'comments.create',
          update: 'comments.update',
          delete: 'comments.delete',
        }}
        filters={[
          { name: 'post_id', label: t('fields.post'), options: posts },
          { name: 'status', label: t('fields.status'), options: statusOptions },
        ]}
        bulkActions={
          canModerate
            ? (['approve', 'spam'] as const).map((action) => ({
                key: action,
                label: t(`actions.${action}`),
                icon: action === 'approve' ? <CheckOutlined /> : <StopOutlined />,
                runAll: (rows: Comment[]) =>
                  commentsApi.bulk(
                    rows.map((row) => row.id),
                    action,
                  ),
              }))
            : []
        }
        columns={[
          {
            key: 'message',
            title: t('fields.message'),
            render: (row) => <ThreadedMessage comment={row} replyLabel={t('isReply')} />,
          },
          { key: 'post', title: t('fields.post'), render: (row) => row.post?.title ?? '—' },
          { key: 'author', title: t('fields.author'), render: (row) => row.author?.name ?? '—' },
          {
            key: 'status',
            title: t('fields.status'),
            render: (row) => <StatusTag status={row.status} />,
          },
          {
            key: 'created_at',
            title: t('fields.time'),
            sortable: true,
            render: (row) => format.dateTime(row.created_at),
          },
        ]}
        deleteConfirm={(row) =>
          row.replies_count > 0
            ? {
                title: t('deleteWithRepliesTitle', { count: row.replies_count }),
                content: t('deleteWithReplies', { count: row.replies_count }),
              }
            : {}
        }
        rowActions={(row) => (
          <Space size={4}>
            {canModerate && row.status !== 'approved' ? moderationButton('approve', row) : null}
            {canModerate && row.status !== 'spam' ? moderationButton('spam', row) : null}
            {can('comments.create') ? (
              <Tooltip title={t('reply')}>
                <Button
                  size="small"
                  icon={<CommentOutlined />}
                  aria-label={`${t('reply')}: ${row.message.slice(0, 40)}`}
                  onClick={() => setReplyingTo(row)}
                  data-testid={`comment-reply-${row.id}`}
                />
              </Tooltip>
            ) : null}
          </Space>
        )}
        form={{
          createSchema: commentCreateSchema,
          updateSchema: commentUpdateSchema,
          fields: [
            { name: 'post_id', label: t('fields.post'), kind: 'select', source: posts },
            { name: 'message', label: t('fields.message'), kind: 'textarea' },
          ],
          editFields: [{ name: 'message', label: t('fields.message'), kind: 'textarea' }],
          toFormValues: (row) => ({ message: row.message }),
          createTitle: t('createTitle'),
          editTitle: t('editTitle'),
        }}
      />
      <FormDrawer open={replyingTo !== null} title={t('replyTitle')} onClose={close}>
        {replyingTo ? (
          <ResourceForm
            id="reply-form"
            schema={commentUpdateSchema}
            fields={[{ name: 'message', label: t('fields.message'), kind: 'textarea' }]}
            onCancel={close}
            submitLabel={t('reply')}
            onSubmit={async ({ message }) => {
              const parent = replyingTo;
              const reply = await commentsApi.create({
                post_id: parent.post_id,
                comment_id: parent.id,
                message,
              });
              updateCachedLists<Comment>(queryClient, commentsApi.keys.lists(), {
                type: 'insert-after',
                record: reply,
                after: (row) => row.id === parent.id,
              });
              notices.created();
              await queryClient.invalidateQueries({ queryKey: commentsApi.keys.all });
            }}
            onDone={close}
          >
            <Typography.Paragraph type="secondary" data-testid="reply-parent">
              {t('replyingTo', { name: replyingTo.author?.name ?? '—' })}
              <br />
              <Typography.Text italic>{replyingTo.message}</Typography.Text>
            </Typography.Paragraph>
          </ResourceForm>
        ) : null}
      </FormDrawer>
    </>
  );
};
