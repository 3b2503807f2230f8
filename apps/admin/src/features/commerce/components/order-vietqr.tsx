import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useMoney } from '../../../lib/format';
import { bankLabel } from '../../../lib/napas-banks';
import { usePermissions } from '../../../lib/profile';
import type { Order } from '../api/orders-api';
import { letterheadQueryOptions } from '../api/orders-api';
import { vietqrQueryOptions } from '../api/order-payments-api';

/** The QR as a picture: the server's sanitized SVG, on white so a phone reads it in dark mode too. */
const QrPicture = ({ svg, alt, size }: { svg: string; alt: string; size: number }) => (
  <img
    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
    alt={alt}
    width={size}
    height={size}
    style={{ background: '#fff', borderRadius: 4, flex: 'none' }}
    data-testid="order-vietqr"
  />
);

/**
 * The VietQR code paying an order, with what a banking app will fill in written beside it (the
 * customer checks it). `paper`: the printed order, where a missing bank account prints nothing.
 */
export const OrderVietQr = ({
  order,
  paper = false,
}: {
  order: Pick<Order, 'id' | 'code' | 'total'>;
  paper?: boolean;
}) => {
  const { t } = useTranslation('payments');
  const money = useMoney();
  const { can } = usePermissions();
  const qr = useQuery(vietqrQueryOptions(order));
  const bank = useQuery(letterheadQueryOptions()).data;
  if (qr.isPending) return null;
  if (qr.isError)
    return paper ? null : (
      <Alert
        type="warning"
        showIcon
        title={isApiError(qr.error) ? qr.error.message : t('qr.failed')}
        action={
          can('settings.update') ? <Link to="/settings/bank">{t('qr.settings')}</Link> : undefined
        }
      />
    );
  const rows = [
    bank?.bank_bin ? [t('qr.bank'), bankLabel(bank.bank_bin)] : null,
    bank?.bank_account ? [t('qr.account'), bank.bank_account] : null,
    bank?.bank_account_name ? [t('qr.accountName'), bank.bank_account_name] : null,
    [t('qr.amount'), money(order.total)],
    [t('qr.note'), order.code],
  ].filter((row): row is [string, string] => row !== null);
  return (
    <Flex gap={16} align="center" wrap>
      <QrPicture
        svg={qr.data.svg}
        alt={t('qr.alt', { code: order.code })}
        size={paper ? 140 : 180}
      />
      <Flex vertical gap={2}>
        {paper ? <strong>{t('qr.title')}</strong> : null}
        {rows.map(([label, value]) => (
          <div key={label}>
            {label}: <bdi style={{ fontWeight: 600 }}>{value}</bdi>
          </div>
        ))}
        {paper ? null : <Typography.Text type="secondary">{t('qr.scan')}</Typography.Text>}
      </Flex>
    </Flex>
  );
};
