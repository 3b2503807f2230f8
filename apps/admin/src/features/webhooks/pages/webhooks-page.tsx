import { HistoryOutlined, KeyOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { useNotices } from '../../../components/notices';
import { RowButton } from '../../../components/row-button';
import { useFormatters } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import {
  renewWebhookSecret,
  sendWebhookTest,
  WEBHOOK_EVENTS,
  webhookCreateSchema,
  webhooksApi,
  webhookUpdateSchema,
  type Webhook,
} from '../api/webhooks-api';
import { DeliveriesDrawer } from '../components/deliveries-drawer';
import { SecretModal } from '../components/secret-modal';

/**
 * Webhooks (/settings/webhooks): where the website is told of changes. The signing secret is
 * shown once, when the webhook is made (or given a new one); "Send test" posts a test at once
 * and opens the delivery log with its try.
 */
/** An event's text key: i18next reads a dot in a key as a level of nesting. */
const eventKey = (event: string) => `events.${event.replace('.', '_')}`;

export const WebhooksPage = () => {
  const { t } = useTranslation('webhooks');
  const format = useFormatters();
  const notices = useNotices();
  const { message } = App.useApp();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const [showing, setShowing] = useState<Webhook | null>(null);
  const [sending, setSending] = useState<number | null>(null);

  const eventOptions = WEBHOOK_EVENTS.map((event) => ({
    value: event,
    label: `${t(eventKey(event))} (${event})`,
  }));
  const fields = [
    { name: 'url', label: t('fields.url'), placeholder: 'https://example.com/api/revalidate' },
    { name: 'events', label: t('fields.events'), options: eventOptions, multiple: true },
    { name: 'enabled', label: t('fields.enabled'), kind: 'switch' as const },
  ];

  const sendTest = async (webhook: Webhook) => {
    setSending(webhook.id);
    try {
      const delivery = await sendWebhookTest(webhook.id);
      if (delivery.status === 'delivered') notices.success(t('test.delivered'));
      else void message.warning(t('test.failed'));
      await queryClient.invalidateQueries({ queryKey: webhooksApi.keys.item(webhook.id) });
      setShowing(webhook);
    } catch (error) {
      notices.error(error);
    } finally {
      setSending(null);
    }
  };

  const renew = async (webhook: Webhook) => {
    try {
      setSecret((await renewWebhookSecret(webhook.id)).secret ?? null);
    } catch (error) {
      notices.error(error);
    }
  };

  return (
    <>
      <CrudPage<Webhook, typeof webhookCreateSchema, typeof webhookUpdateSchema>
        title={t('title')}
        api={{
          ...webhooksApi,
          create: async (body) => {
            const created = await webhooksApi.create(body);
            setSecret(created.secret ?? null);
            return created;
          },
        }}
        rowKey="id"
        createEffect="prepend"
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        permissions={{
          create: 'webhooks.create',
          update: 'webhooks.update',
          delete: 'webhooks.delete',
        }}
        columns={[
          {
            key: 'url',
            title: t('fields.url'),
            sortable: true,
            render: (row) => (
              <Typography.Text code>
                {/* an address reads left to right in a right-to-left page too */}
                <bdi dir="ltr">{row.url}</bdi>
              </Typography.Text>
            ),
          },
          {
            key: 'events',
            title: t('fields.events'),
            render: (row) => (
              <Space size={[0, 4]} wrap>
                {row.events.map((event) => (
                  <Tag key={event}>{t(eventKey(event))}</Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'enabled',
            title: t('fields.enabled'),
            render: (row) => (
              <Badge
                status={row.enabled ? 'success' : 'default'}
                text={t(row.enabled ? 'on' : 'off')}
              />
            ),
          },
          {
            key: 'created_at',
            title: t('common:fields.createdAt'),
            sortable: true,
            render: (row) => format.dateTime(row.created_at),
          },
        ]}
        rowActions={(row) => (
          <>
            {can('webhooks.update') && (
              <RowButton
                label={t('test.send')}
                icon={<SendOutlined />}
                loading={sending === row.id}
                onClick={() => void sendTest(row)}
                data-testid={`webhook-test-${row.id}`}
              />
            )}
            <RowButton
              label={t('log.open')}
              icon={<HistoryOutlined />}
              onClick={() => setShowing(row)}
              data-testid={`webhook-log-${row.id}`}
            />
            {can('webhooks.update') && (
              <RowButton
                label={t('secret.renew')}
                icon={<KeyOutlined />}
                // the old secret stops working at once
                confirm={{
                  title: t('secret.renewTitle'),
                  description: t('secret.renewDescription'),
                  okText: t('secret.renew'),
                  cancelText: t('common:actions.cancel'),
                }}
                onClick={() => void renew(row)}
              />
            )}
          </>
        )}
        form={{
          createSchema: webhookCreateSchema,
          updateSchema: webhookUpdateSchema,
          fields,
          createDefaults: { enabled: true, events: ['post.published', 'post.updated'] },
          toFormValues: (row) => ({ url: row.url, events: row.events, enabled: row.enabled }),
          createTitle: t('createTitle'),
          editTitle: t('editTitle'),
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer webhook={showing} onClose={() => setShowing(null)} />
    </>
  );
};
