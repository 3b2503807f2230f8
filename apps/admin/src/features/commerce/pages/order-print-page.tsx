import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  type PaperSize,
  PRINT_CELL_END,
  PRINT_CELL_START,
  PrintablePaper,
  PrintField,
  PrintProduct,
  PrintTotals,
} from '../../../components/printable-paper';
import { addressId, RecordUnavailable } from '../../../components/record-unavailable';
import { useFormatters, useMoney } from '../../../lib/format';
import { formatAddress } from '../../../lib/locations';
import { FALLBACK_SITE_NAME, useSite } from '../../../lib/site';
import { letterheadQueryOptions, ordersApi } from '../api/orders-api';
import { OrderVietQr } from '../components/order-vietqr';

/** A printable order (/posts/product/order/:typeID/print/:id): an A4 page or an 80 mm receipt. */
export const OrderPrintPage = () => {
  const { t } = useTranslation('commerce');
  const id = addressId(useParams().id);
  const format = useFormatters();
  const money = useMoney();
  const site = useSite();
  const [paper, setPaper] = useState<PaperSize>('a4');
  const order = useQuery({ ...ordersApi.getQueryOptions(id ?? 0), enabled: id !== undefined });
  // the shop's details are a courtesy on the paper: without them the order still prints
  const shop = useQuery(letterheadQueryOptions()).data;
  if (id === undefined || order.isError)
    return (
      <RecordUnavailable
        query={order}
        missing={t('orders.print.missing')}
        failed={t('orders.print.loadFailed')}
      />
    );
  if (order.isPending) return <Skeleton active />;
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
    <PrintablePaper
      size={paper}
      testId="order-paper"
      tools={
        <>
          <Segmented<PaperSize>
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
        </>
      }
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
        <PrintField label={t('orders.fields.name')} value={data.name} />
        <PrintField label={t('orders.fields.phone')} value={data.phone} />
        <PrintField label={t('orders.fields.address')} value={formatAddress(data)} />
        <PrintField label={t('orders.fields.note')} value={data.note} />
      </section>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={PRINT_CELL_START}>{t('orders.fields.product')}</th>
            <th style={PRINT_CELL_END}>{t('orders.fields.quantity')}</th>
            {receipt ? null : (
              <>
                <th style={PRINT_CELL_END}>{t('orders.fields.price')}</th>
                <th style={PRINT_CELL_END}>{t('orders.fields.discount')}</th>
              </>
            )}
            <th style={PRINT_CELL_END}>{t('orders.fields.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {data.products.map((line) => (
            <tr key={line.post_id}>
              <PrintProduct title={line.title} code={line.code} />
              <td style={PRINT_CELL_END}>{line.quantity}</td>
              {receipt ? null : (
                <>
                  <td style={PRINT_CELL_END}>{money(line.price)}</td>
                  <td style={PRINT_CELL_END}>{line.discount ? `−${money(line.discount)}` : '—'}</td>
                </>
              )}
              <td style={PRINT_CELL_END}>{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PrintTotals
        rows={[
          { label: t('orders.fields.subtotal'), value: money(data.subtotal) },
          { label: t('orders.fields.fee'), value: money(data.fee) },
          { label: t('orders.fields.total'), value: money(data.total), strong: true },
        ]}
      />
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
    </PrintablePaper>
  );
};
