import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { useFormatters } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import {
  FEEDBACK_STATUSES,
  type Feedback,
  feedbackApi,
  feedbackCreateSchema,
  feedbackUpdateSchema,
} from '../api/feedback-api';
import { useMarkContacted } from '../api/use-mark-contacted';
import { FeedbackDetailsModal } from '../components/feedback-details-modal';
import { FeedbackStatusTag } from '../components/feedback-status-tag';

/** /feedback and /feedback/manager: type, sender, phone, sent date, status; details; mark contacted. */
export const FeedbackPage = () => {
  const { t } = useTranslation('feedback');
  const format = useFormatters();
  const [showing, setShowing] = useState<Feedback | null>(null);
  const { can } = usePermissions();
  const canUpdate = can('feedback.update');
  const markContacted = useMarkContacted();
  const statusOptions = FEEDBACK_STATUSES.map((status) => ({
    value: status,
    label: t(`statuses.${status}`),
  }));
  const fields = [
    { name: 'type', label: t('fields.type'), required: false },
    { name: 'name', label: t('fields.name') },
    { name: 'phone', label: t('fields.phone'), required: false },
    { name: 'email', label: t('fields.email'), kind: 'email' as const, required: false },
    { name: 'address', label: t('fields.address'), required: false },
    { name: 'content', label: t('fields.content'), kind: 'textarea' as const, required: false },
    { name: 'status', label: t('fields.status'), options: statusOptions, required: false },
  ];
  return (
    <>
      <CrudPage<Feedback, typeof feedbackCreateSchema, typeof feedbackUpdateSchema>
        title={t('title')}
        api={feedbackApi}
        rowKey="id"
        exportPath="/feedback/export"
        bulkDelete
        createEffect="prepend"
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        permissions={{
          create: 'feedback.create',
          update: 'feedback.update',
          delete: 'feedback.delete',
        }}
        filters={[{ name: 'status', label: t('fields.status'), options: statusOptions }]}
        bulkActions={
          canUpdate
            ? [
                {
                  key: 'status',
                  label: t('setStatus'),
                  choices: statusOptions,
                  runAll: (rows, status) =>
                    feedbackApi.bulk(
                      rows.map((row) => row.id),
                      'status',
                      status as Feedback['status'],
                    ),
                },
              ]
            : []
        }
        columns={[
          {
            key: 'type',
            title: t('fields.type'),
            sortable: true,
            render: (row) => row.type ?? '—',
          },
          { key: 'name', title: t('fields.sender'), sortable: true },
          { key: 'phone', title: t('fields.phone'), render: (row) => row.phone ?? '—' },
          {
            key: 'created_at',
            title: t('fields.sentAt'),
            sortable: true,
            render: (row) => format.dateTime(row.created_at),
          },
          {
            key: 'status',
            title: t('fields.status'),
            sortable: true,
            render: (row) => <FeedbackStatusTag status={row.status} />,
          },
        ]}
        rowActions={(row) => (
          <Space size={4}>
            <Tooltip title={t('details')}>
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={`${t('details')}: ${row.name}`}
                onClick={() => setShowing(row)}
                data-testid={`feedback-details-${row.id}`}
              />
            </Tooltip>
            {row.status === 'none' && canUpdate ? (
              <Tooltip title={t('markContacted')}>
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  aria-label={`${t('markContacted')}: ${row.name}`}
                  loading={markContacted.isPending && markContacted.variables?.id === row.id}
                  onClick={() => markContacted.mutate(row)}
                  data-testid={`feedback-contacted-${row.id}`}
                />
              </Tooltip>
            ) : null}
          </Space>
        )}
        form={{
          createSchema: feedbackCreateSchema,
          updateSchema: feedbackUpdateSchema,
          fields,
          createDefaults: { status: 'none' },
          toFormValues: (row) => ({
            type: row.type ?? '',
            name: row.name,
            phone: row.phone ?? '',
            email: row.email ?? '',
            address: row.address ?? '',
            content: row.content ?? '',
            status: row.status,
          }),
          createTitle: t('createTitle'),
          editTitle: t('editTitle'),
        }}
      />
      <FeedbackDetailsModal feedback={showing} onClose={() => setShowing(null)} />
    </>
  );
};
