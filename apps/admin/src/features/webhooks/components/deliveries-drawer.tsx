import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import {
  webhookDeliveriesQueryOptions,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks-api';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  pending: 'gold',
  delivered: 'green',
  failed: 'red',
};

type Try = WebhookDelivery['tries'][number];

/** What one try came to: the receiver's status code, or why there was no answer. */
const TryResult = ({ value }: { value: Try }) => {
  const { t } = useTranslation('webhooks');
  if (value.status_code !== null)
    return (
      <Tag color={value.status_code >= 200 && value.status_code < 300 ? 'green' : 'red'}>
        HTTP {value.status_code}
      </Tag>
    );
  return <Tag color="red">{t(`errors.${value.error ?? 'connection_failed'}`)}</Tag>;
};

/** A webhook's delivery log: each delivery, newest first, with every try and its status. */
export const DeliveriesDrawer = ({
  webhook,
  onClose,
}: {
  webhook: Webhook | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('webhooks');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    ...webhookDeliveriesQueryOptions(webhook?.id ?? 0, page),
    enabled: webhook !== null,
    // retries happen on the server meanwhile
    refetchInterval: 5000,
  });
  const pagination = deliveries.data?.meta?.pagination;
  return (
    <Drawer
      open={webhook !== null}
      title={t('log.title')}
      onClose={onClose}
      destroyOnHidden
      size={760}
    >
      <Typography.Paragraph type="secondary" style={{ direction: 'ltr' }}>
        <bdi>{webhook?.url}</bdi>
      </Typography.Paragraph>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        dataSource={deliveries.data?.data ?? []}
        locale={{ emptyText: t('log.empty') }}
        data-testid="webhook-deliveries"
        pagination={{
          current: page,
          pageSize: 20,
          total: pagination?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        expandable={{
          defaultExpandAllRows: true,
          expandedRowRender: (delivery) => (
            <Table<Try>
              rowKey="attempt"
              size="small"
              pagination={false}
              dataSource={delivery.tries}
              columns={[
                { key: 'attempt', title: t('log.attempt'), dataIndex: 'attempt', width: 80 },
                {
                  key: 'at',
                  title: t('log.at'),
                  render: (_, item) => format.dateTime(item.at),
                },
                {
                  key: 'result',
                  title: t('log.result'),
                  render: (_, item) => <TryResult value={item} />,
                },
                {
                  key: 'duration',
                  title: t('log.duration'),
                  render: (_, item) => t('log.ms', { count: item.duration_ms }),
                },
              ]}
            />
          ),
        }}
        columns={[
          {
            key: 'event',
            title: t('log.event'),
            render: (_, delivery) => <Typography.Text code>{delivery.event}</Typography.Text>,
          },
          {
            key: 'created_at',
            title: t('log.createdAt'),
            render: (_, delivery) => format.dateTime(delivery.created_at),
          },
          {
            key: 'status',
            title: t('log.status'),
            render: (_, delivery) => (
              <Tag color={STATUS_COLORS[delivery.status]} data-testid="delivery-status">
                {t(`status.${delivery.status}`)}
              </Tag>
            ),
          },
          { key: 'attempts', title: t('log.attempts'), dataIndex: 'attempts' },
          {
            key: 'next',
            title: t('log.next'),
            render: (_, delivery) =>
              delivery.next_attempt_at ? format.dateTime(delivery.next_attempt_at) : '—',
          },
        ]}
      />
    </Drawer>
  );
};
