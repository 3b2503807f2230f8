import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Form, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTexts } from '../../../components/notices';
import { useMoney } from '../../../lib/format';
import { orderQuoteSchema, type OrderQuoteInput, quoteQueryOptions } from '../api/orders-api';

type FormLine = { post_id?: number | null; quantity?: number | null } | undefined;

// Quantities are typed a digit at a time: the server is asked once the typing pauses.
const SETTLE_MS = 300;

/** The value once it has stopped changing for a moment (compared by its JSON). */
const useSettled = <T,>(value: T): T => {
  const text = JSON.stringify(value) ?? '';
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return useMemo(() => (settled ? (JSON.parse(settled) as T) : (undefined as T)), [settled]);
};

type Draft = { body: OrderQuoteInput } | { pending: 'lines' | 'email' };

/**
 * The quote body of what the form holds, checked by the same schema as the server's: until
 * every line has a product and a quantity, or while the email (which decides the agency
 * price) is not valid, there is nothing right to show.
 */
const draftOf = (
  orderId: number | undefined,
  lines: FormLine[],
  fee: unknown,
  email: unknown,
): Draft => {
  if (
    lines.length === 0 ||
    lines.some((line) => !line?.post_id || !Number.isInteger(line.quantity) || line.quantity! < 1)
  )
    return { pending: 'lines' };
  const parsed = orderQuoteSchema.safeParse({
    ...(orderId ? { order_id: orderId } : {}),
    email: typeof email === 'string' ? email : null,
    ...(typeof fee === 'number' ? { fee } : {}),
    products: lines.map((line) => ({ post_id: line!.post_id, quantity: line!.quantity })),
  });
  if (parsed.success) return { body: parsed.data };
  return {
    pending: parsed.error.issues.some((issue) => issue.path[0] === 'email') ? 'email' : 'lines',
  };
};

/**
 * Live totals while an order is typed: priced by the server exactly as saving will price it
 * (the agency price of the customer's account by email, the discount tier each quantity
 * reaches, the fee; an edited order's lines at the prices they were sold at), so what shows
 * here is what the saved order will say. `orderId`: the order being edited.
 */
export const OrderFormTotals = ({ orderId }: { orderId?: number }) => {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const lines = Form.useWatch<FormLine[] | undefined>('products') ?? [];
  const fee: unknown = Form.useWatch('fee');
  const email: unknown = Form.useWatch('email');
  const draft = useSettled(draftOf(orderId, lines, fee, email));
  const body = draft && 'body' in draft ? draft.body : undefined;
  const quote = useQuery({
    ...quoteQueryOptions(body ?? { products: [] }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = body ? quote.data : undefined;
  const updating = body !== undefined && quote.isFetching;
  const discounts = data?.products.reduce((sum, line) => sum + line.discount * line.quantity, 0);
  return (
    <Flex
      vertical
      gap={8}
      aria-live="polite"
      aria-busy={updating}
      data-testid="order-totals"
      style={{ marginBlock: 16 }}
    >
      <Flex align="center" gap={8}>
        <Typography.Text strong>{t('orders.totals')}</Typography.Text>
        {updating ? <Spin size="small" aria-label={t('orders.totalsUpdating')} /> : null}
      </Flex>
      {!body ? (
        <Alert
          type="info"
          showIcon
          title={t(
            draft && 'pending' in draft && draft.pending === 'email'
              ? 'orders.totalsEmail'
              : 'orders.totalsUnknown',
          )}
        />
      ) : quote.isError && !updating ? (
        <Alert
          type="warning"
          showIcon
          title={t('orders.totalsFailed', {
            reason: errorTexts(quote.error, t('common:notices.tryAgain')).join(' '),
          })}
        />
      ) : data ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            style={{ opacity: updating ? 0.6 : 1 }}
            // Read top-down as arithmetic: the lines at their unit prices, less the quantity
            // discounts, make the subtotal; the fee makes the total.
            items={[
              ...(discounts
                ? [
                    {
                      key: 'gross',
                      label: t('orders.fields.beforeDiscounts'),
                      children: <bdi>{money(data.subtotal + discounts)}</bdi>,
                    },
                    {
                      key: 'discounts',
                      label: t('orders.fields.discounts'),
                      children: <bdi>−{money(discounts)}</bdi>,
                    },
                  ]
                : []),
              {
                key: 'subtotal',
                label: t('orders.fields.subtotal'),
                children: <bdi>{money(data.subtotal)}</bdi>,
              },
              { key: 'fee', label: t('orders.fields.fee'), children: <bdi>{money(data.fee)}</bdi> },
              {
                key: 'total',
                label: t('orders.fields.total'),
                children: (
                  <Typography.Text strong data-testid="order-live-total">
                    <bdi>{money(data.total)}</bdi>
                  </Typography.Text>
                ),
              },
            ]}
          />
          <div>
            {data.agency ? (
              <Tag color="blue">{t('orders.agencyPrices', { name: data.agency.name })}</Tag>
            ) : (
              <Typography.Text type="secondary">{t('orders.retailPrices')}</Typography.Text>
            )}
          </div>
        </>
      ) : null}
      <Typography.Text type="secondary">{t('orders.totalsNote')}</Typography.Text>
    </Flex>
  );
};
