import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormatters, useMoney } from '../../../lib/format';
import { FALLBACK_SITE_NAME, useSite } from '../../../lib/site';
import { slipPrintQueryOptions } from '../api/slips-api';

// What is printed is the paper only; the app around it is hidden on paper.
const PRINT_STYLE = `
@page { size: A4; margin: 12mm; }
@media print {
  body * { visibility: hidden; }
  .slip-print-tools { display: none !important; }
  .slip-paper, .slip-paper * { visibility: visible; }
  .slip-paper { position: absolute; inset-block-start: 0; inset-inline-start: 0; box-shadow: none !important; margin: 0 !important; }
}`;

const cell = { padding: '4px 6px', borderBlockEnd: '1px solid #d9d9d9' } as const;
const end = { ...cell, textAlign: 'end' } as const;

/** A printable slip (/warehouse/change/print/:id): an A4 page with its lines and signatures. */
export const SlipPrintPage = () => {
  const { t } = useTranslation('warehouse');
  const { id = '' } = useParams();
  const format = useFormatters();
  const money = useMoney();
  const site = useSite();
  const slip = useQuery(slipPrintQueryOptions(id));
  if (slip.isPending) return <Skeleton active />;
  if (slip.isError) return <Alert type="error" showIcon message={t('slips.loadFailed')} />;
  const data = slip.data;
  const shopName = site.data?.site_name || FALLBACK_SITE_NAME;
  return (
    <Flex vertical gap={16}>
      <style>{PRINT_STYLE}</style>
      <Flex className="slip-print-tools" gap={8}>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('slips.print')}
        </Button>
      </Flex>
      <article
        className="slip-paper"
        data-testid="slip-paper"
        style={{
          width: '210mm',
          maxWidth: '100%',
          minHeight: '297mm',
          padding: '14mm',
          background: '#fff',
          color: '#000',
          fontSize: 14,
          boxShadow: '0 1px 6px rgba(0, 0, 0, 0.3)',
          boxSizing: 'border-box',
        }}
      >
        <header style={{ marginBlockEnd: 12 }}>
          <div style={{ fontWeight: 700 }}>{shopName}</div>
          <h1 style={{ fontSize: 22, margin: '8px 0 0', textAlign: 'center' }}>
            {t(`slips.print${data.style === 'import' ? 'Import' : 'Export'}`)}
          </h1>
          <div style={{ textAlign: 'center' }}>
            <bdi>{data.code}</bdi> · <bdi>{format.date(data.date)}</bdi>
            {data.status === 'canceled' ? ` · ${t('slips.statuses.canceled')}` : ''}
          </div>
        </header>
        <section style={{ marginBlockEnd: 12 }}>
          <div>
            {t('slips.fields.warehouse')}: <bdi>{data.warehouse?.name}</bdi>
          </div>
          {data.supplier ? (
            <div>
              {t('slips.fields.supplier')}: <bdi>{data.supplier.name}</bdi>
            </div>
          ) : null}
          {data.number ? (
            <div>
              {t('slips.fields.number')}: <bdi>{data.number}</bdi>
            </div>
          ) : null}
          <div>
            {t('slips.fields.user')}: <bdi>{data.user?.name ?? '—'}</bdi>
          </div>
          {data.note ? (
            <div>
              {t('slips.fields.note')}: <bdi>{data.note}</bdi>
            </div>
          ) : null}
        </section>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'start' }}>{t('slips.fields.product')}</th>
              <th style={end}>{t('slips.fields.number_units')}</th>
              <th style={end}>{t('slips.fields.price')}</th>
              <th style={{ ...cell, textAlign: 'start' }}>{t('slips.fields.expiry')}</th>
              <th style={end}>{t('slips.fields.money')}</th>
            </tr>
          </thead>
          <tbody>
            {data.products.map((line, index) => (
              <tr key={index}>
                <td style={cell}>
                  <bdi>{line.title}</bdi>
                  {line.code ? <div style={{ fontSize: '0.85em' }}>{line.code}</div> : null}
                </td>
                <td style={end}>{line.number}</td>
                <td style={end}>{line.price === undefined ? '—' : money(line.price)}</td>
                <td style={cell}>{line.expiry ? format.date(line.expiry) : '—'}</td>
                <td style={end}>
                  {line.price === undefined ? '—' : money(line.price * line.number)}
                </td>
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
          {/* An import's money and any profit reach only readers who see costs. */}
          {data.money !== undefined ? (
            <>
              <dt style={{ fontWeight: 700 }}>{t('slips.fields.money')}</dt>
              <dd style={{ margin: 0, textAlign: 'end', fontWeight: 700 }}>{money(data.money)}</dd>
            </>
          ) : null}
          {data.style === 'export' && data.profit !== undefined ? (
            <>
              <dt>{t('slips.fields.profit')}</dt>
              <dd style={{ margin: 0, textAlign: 'end' }}>{money(data.profit)}</dd>
            </>
          ) : null}
        </dl>
        <footer
          style={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            textAlign: 'center',
            marginBlockStart: 32,
          }}
        >
          <div>{t('slips.signMaker')}</div>
          <div>{t('slips.signKeeper')}</div>
        </footer>
      </article>
    </Flex>
  );
};
