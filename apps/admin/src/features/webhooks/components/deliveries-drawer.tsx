import { useQuery } from '@tanstack/react-query';
import { Badge, Drawer, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import {
  webhookDeliveriesQueryOptions,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks-api';

// a dot beside text in the page's own colour: coloured text on a tint is too faint to read
const STATUS_BADGES: Record<WebhookDelivery['status'], 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'error',
};

type Try = WebhookDelivery['tries'][number];

/** What one try came to: the receiver's status code, or why there was no answer. */
const TryResult = ({ value }: { value: Try }) => {
  const { t } = useTranslation('webhooks');
  if (value.status_code !== null)
    return (
      <Badge
        status={value.status_code >= 200 && value.status_code < 300 ? 'success' : 'error'}
        text={`HTTP ${value.status_code}`}
      />
    );
  return <Badge status="error" text={t(`errors.${value.error ?? 'connection_failed'}`)} />;
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
          hideOnSinglePage: true,
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
              <Badge
                status={STATUS_BADGES[delivery.status]}
                text={t(`status.${delivery.status}`)}
                data-testid="delivery-status"
              />
            ),
          },
          {
            key: 'tries',
            title: t('log.tries'),
            // every try, in order: what came back, when, and how long it took
            render: (_, delivery) => (
              <Flex vertical gap={4}>
                {delivery.tries.map((item) => (
                  <Flex key={item.attempt} gap={6} align="center" wrap data-testid="delivery-try">
                    <Typography.Text type="secondary">
                      {t('log.attempt', { number: item.attempt })}
                    </Typography.Text>
                    <TryResult value={item} />
                    <Typography.Text type="secondary">
                      {format.dateTime(item.at)} · {t('log.ms', { count: item.duration_ms })}
                    </Typography.Text>
                  </Flex>
                ))}
              </Flex>
            ),
          },
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
