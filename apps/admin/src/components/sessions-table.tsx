import type { SessionRecord } from '@backoffice/shared/auth.schema';
import { LogoutOutlined } from '@ant-design/icons';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format';
import { RowButton } from './row-button';

const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg\//],
  ['Opera', /OPR\//],
  ['Firefox', /Firefox\//],
  ['Chrome', /Chrome\//],
  ['Safari', /Safari\//],
];
const SYSTEMS: Array<[string, RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** A browser and system from a user agent, in a few words ("Chrome · Windows"). */
export const describeUserAgent = (agent: string | null): string | null => {
  if (!agent) return null;
  const browser = BROWSERS.find(([, pattern]) => pattern.test(agent))?.[0];
  const system = SYSTEMS.find(([, pattern]) => pattern.test(agent))?.[0];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? agent.slice(0, 60);
};

type Props = {
  sessions: SessionRecord[] | undefined;
  loading: boolean;
  /** Ends a session (asked first); absent: the list is read-only. */
  onEnd?: (session: SessionRecord) => Promise<unknown>;
  ariaLabel: string;
};

/** Sessions that still work: device, address, since when and when last used, each with "end". */
export const SessionsTable = ({ sessions, loading, onEnd, ariaLabel }: Props) => {
  const { t } = useTranslation('common');
  const format = useFormatters();
  return (
    <Table<SessionRecord>
      aria-label={ariaLabel}
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={sessions}
      pagination={false}
      locale={{ emptyText: t('sessions.empty') }}
      columns={[
        {
          key: 'device',
          title: t('sessions.device'),
          render: (_, row) => (
            <span title={row.user_agent ?? undefined}>
              {describeUserAgent(row.user_agent) ?? t('sessions.unknownDevice')}{' '}
              {row.current ? <Tag color="green">{t('sessions.current')}</Tag> : null}
            </span>
          ),
        },
        { key: 'ip', title: t('sessions.ip'), dataIndex: 'ip', render: (ip) => ip ?? '—' },
        {
          key: 'created_at',
          title: t('sessions.created'),
          render: (_, row) => format.dateTime(row.created_at),
        },
        {
          key: 'last_used_at',
          title: t('sessions.lastUsed'),
          render: (_, row) => format.dateTime(row.last_used_at),
        },
        ...(onEnd
          ? [
              {
                key: 'actions',
                title: t('list.actions'),
                render: (_: unknown, row: SessionRecord) =>
                  row.current ? null : (
                    <RowButton
                      label={t('sessions.end')}
                      icon={<LogoutOutlined />}
                      danger
                      confirm={{
                        title: t('sessions.endTitle'),
                        description: t('sessions.endText'),
                        okText: t('sessions.end'),
                        cancelText: t('actions.cancel'),
                      }}
                      onClick={() => onEnd(row)}
                    />
                  ),
              },
            ]
          : []),
      ]}
    />
  );
};
