import { orderMoney, type LineInput } from '@backoffice/shared/order-money';
import { Alert, Descriptions, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { seenProducts } from '../api/products-api';

type FormLine = { post_id?: number; quantity?: number } | undefined;

/** The totals of the lines being typed, or null while a price is unknown or an amount is out of range. */
const liveMoney = (lines: FormLine[], fee: unknown) => {
  const picked = lines.filter(
    (line): line is { post_id: number; quantity: number } =>
      Boolean(line?.post_id) && Number.isInteger(line?.quantity) && (line?.quantity ?? 0) > 0,
  );
  const inputs: LineInput[] = picked.map((line) => ({
    price: seenProducts.get(line.post_id)?.product?.price ?? Number.NaN,
    quantity: line.quantity,
  }));
  try {
    return orderMoney(inputs, typeof fee === 'number' && Number.isInteger(fee) ? fee : 0);
  } catch {
    return null;
  }
};

/**
 * Live totals while an order is edited, with the server's arithmetic, from the prices of the
 * products picked; the saved order's money is the server's (agency prices, discount tiers).
 */
export const OrderFormTotals = () => {
  const { t } = useTranslation('commerce');
  const format = useFormatters();
  const lines = Form.useWatch<FormLine[] | undefined>('products');
  const fee: unknown = Form.useWatch('fee');
  // The edit form has no lines: its money stays the saved order's.
  if (lines === undefined) return null;
  const money = liveMoney(lines, fee);
  return (
    <div aria-live="polite" style={{ marginBlockStart: 16 }}>
      {money ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            {
              key: 'subtotal',
              label: t('orders.fields.subtotal'),
              children: format.money(money.subtotal),
            },
            {
              key: 'total',
              label: t('orders.fields.total'),
              children: <Typography.Text strong>{format.money(money.total)}</Typography.Text>,
            },
          ]}
        />
      ) : (
        <Alert type="info" showIcon message={t('orders.totalsUnknown')} />
      )}
      <Typography.Text type="secondary">{t('orders.totalsNote')}</Typography.Text>
    </div>
  );
};
