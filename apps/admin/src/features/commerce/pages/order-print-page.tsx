import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormatters, useMoney } from '../../../lib/format';
import { formatAddress } from '../../../lib/locations';
import { FALLBACK_SITE_NAME, useSite } from '../../../lib/site';
import { letterheadQueryOptions, ordersApi } from '../api/orders-api';
import { OrderVietQr } from '../components/order-vietqr';

type PaperFormat = 'a4' | 'receipt';

// What is printed is the paper only; the app around it is hidden on paper.
const printStyle = (format: PaperFormat) => `
@page { size: ${format === 'a4' ? 'A4' : '80mm auto'}; margin: ${format === 'a4' ? '12mm' : '3mm'}; }
@media print {
  body * { visibility: hidden; }
  .order-print-tools { display: none !important; }
  .order-paper, .order-paper * { visibility: visible; }
  .order-paper { position: absolute; inset-block-start: 0; inset-inline-start: 0; box-shadow: none !important; margin: 0 !important; }
}`;

const cell = { padding: '4px 6px', borderBlockEnd: '1px solid #d9d9d9' } as const;

/** A printable order (/posts/product/order/:typeID/print/:id): an A4 page or an 80 mm receipt. */
export const OrderPrintPage = () => {
  const { t } = useTranslation('commerce');
  const { id = '' } = useParams();
  const format = useFormatters();
  const money = useMoney();
  const site = useSite();
  const [paper, setPaper] = useState<PaperFormat>('a4');
  const order = useQuery(ordersApi.getQueryOptions(id));
  // the shop's details are a courtesy on the paper: without them the order still prints
  const shop = useQuery(letterheadQueryOptions()).data;
  if (order.isPending) return <Skeleton active />;
  if (order.isError) return <Alert type="error" showIcon message={t('orders.print.loadFailed')} />;
  const data = order.data;
  const receipt = paper === 'receipt';
  const shopName = shop?.name || site.data?.site_name || FALLBACK_SITE_NAME;
  const logo = shop?.logo ?? site.data?.site_logo;
  const contacts = [
    shop?.address,
    [
      shop?.phone && t('orders.print.phone', { phone: shop.phone }),
      shop?.hotline &&
        shop.hotline !== shop.phone &&
        t('orders.print.hotline', { phone: shop.hotline }),
    ]
      .filter(Boolean)
      .join(' · '),
    shop?.email,
    shop?.tax_code && t('orders.print.taxCode', { code: shop.tax_code }),
  ].filter((line): line is string => Boolean(line));
  return (
    <Flex vertical gap={16}>
      <style>{printStyle(paper)}</style>
      <Flex className="order-print-tools" gap={8} wrap align="center">
        <Segmented<PaperFormat>
          aria-label={t('orders.print.format')}
          value={paper}
          onChange={setPaper}
          options={[
            { value: 'a4', label: t('orders.print.a4') },
            { value: 'receipt', label: t('orders.print.receipt') },
          ]}
        />
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('orders.print.print')}
        </Button>
      </Flex>
      <article
        className="order-paper"
        data-testid="order-paper"
        style={{
          width: receipt ? '80mm' : '210mm',
          maxWidth: '100%',
          minHeight: receipt ? undefined : '297mm',
          padding: receipt ? '4mm' : '14mm',
          background: '#fff',
          color: '#000',
          fontSize: receipt ? 12 : 14,
          boxShadow: '0 1px 6px rgba(0, 0, 0, 0.3)',
          boxSizing: 'border-box',
        }}
      >
        <header style={{ textAlign: receipt ? 'center' : 'start', marginBlockEnd: 12 }}>
          {/* The shop's logo heads both papers; smaller on a receipt. */}
          {logo ? (
            <img
              src={logo}
              alt={shopName}
              data-testid="order-logo"
              style={{ maxHeight: receipt ? 32 : 48, maxWidth: '100%' }}
            />
          ) : null}
          <h1 style={{ fontSize: receipt ? 16 : 22, margin: '4px 0' }}>{shopName}</h1>
          {contacts.map((line) => (
            <div key={line} data-testid="shop-contact">
              <bdi>{line}</bdi>
            </div>
          ))}
          <h2 style={{ fontSize: receipt ? 14 : 18, margin: '8px 0 0' }}>
            {t('orders.print.heading', { code: data.code })}
          </h2>
          <div>
            <bdi>{format.dateTime(data.created_at)}</bdi>
          </div>
        </header>
        <section style={{ marginBlockEnd: 12 }}>
          <div>
            {t('orders.fields.name')}: <bdi>{data.name}</bdi>
          </div>
          <div>
            {t('orders.fields.phone')}: <bdi>{data.phone}</bdi>
          </div>
          <div>
            {t('orders.fields.address')}: <bdi>{formatAddress(data)}</bdi>
          </div>
          {data.note ? (
            <div>
              {t('orders.fields.note')}: <bdi>{data.note}</bdi>
            </div>
          ) : null}
        </section>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'start' }}>{t('orders.fields.product')}</th>
              <th style={{ ...cell, textAlign: 'end' }}>{t('orders.fields.quantity')}</th>
              {receipt ? null : (
                <>
                  <th style={{ ...cell, textAlign: 'end' }}>{t('orders.fields.price')}</th>
                  <th style={{ ...cell, textAlign: 'end' }}>{t('orders.fields.discount')}</th>
                </>
              )}
              <th style={{ ...cell, textAlign: 'end' }}>{t('orders.fields.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {data.products.map((line) => (
              <tr key={line.post_id}>
                <td style={cell}>
                  <bdi>{line.title}</bdi>
                  {line.code ? <div style={{ fontSize: '0.85em' }}>{line.code}</div> : null}
                </td>
                <td style={{ ...cell, textAlign: 'end' }}>{line.quantity}</td>
                {receipt ? null : (
                  <>
                    <td style={{ ...cell, textAlign: 'end' }}>{money(line.price)}</td>
                    <td style={{ ...cell, textAlign: 'end' }}>
                      {line.discount ? `−${money(line.discount)}` : '—'}
                    </td>
                  </>
                )}
                <td style={{ ...cell, textAlign: 'end' }}>{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl
          style={{
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            gap: '2px 12px',
            marginBlockStart: 12,
          }}
        >
          <dt>{t('orders.fields.subtotal')}</dt>
          <dd style={{ margin: 0, textAlign: 'end' }}>{money(data.subtotal)}</dd>
          <dt>{t('orders.fields.fee')}</dt>
          <dd style={{ margin: 0, textAlign: 'end' }}>{money(data.fee)}</dd>
          <dt style={{ fontWeight: 700 }}>{t('orders.fields.total')}</dt>
          <dd style={{ margin: 0, textAlign: 'end', fontWeight: 700 }}>{money(data.total)}</dd>
        </dl>
        {data.payment_method === 'bank_transfer' &&
        data.payment_status === 'unpaid' &&
        data.status !== 'canceled' ? (
          <section style={{ marginBlockStart: 12 }}>
            <OrderVietQr order={data} paper />
          </section>
        ) : null}
        <footer style={{ textAlign: 'center', marginBlockStart: 16 }}>
          {t('orders.print.thanks')}
        </footer>
      </article>
    </Flex>
  );
};
