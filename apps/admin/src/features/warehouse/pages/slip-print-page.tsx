import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  PRINT_CELL,
  PRINT_CELL_END,
  PRINT_CELL_START,
  PrintablePaper,
  PrintField,
  PrintProduct,
  PrintTotals,
} from '../../../components/printable-paper';
import { addressId, RecordUnavailable } from '../../../components/record-unavailable';
import { useFormatters, useMoney } from '../../../lib/format';
import { FALLBACK_SITE_NAME, useSite } from '../../../lib/site';
import { slipPrintQueryOptions } from '../api/slips-api';

/** A printable slip (/warehouse/change/print/:id): an A4 page with its lines and signatures. */
export const SlipPrintPage = () => {
  const { t } = useTranslation('warehouse');
  const id = addressId(useParams().id);
  const format = useFormatters();
  const money = useMoney();
  const site = useSite();
  const slip = useQuery({ ...slipPrintQueryOptions(id ?? 0), enabled: id !== undefined });
  if (id === undefined || slip.isError)
    return (
      <RecordUnavailable query={slip} missing={t('slips.missing')} failed={t('slips.loadFailed')} />
    );
  if (slip.isPending) return <Skeleton active />;
  const data = slip.data;
  const shopName = site.data?.site_name || FALLBACK_SITE_NAME;
  return (
    <PrintablePaper
      testId="slip-paper"
      tools={
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('slips.print')}
        </Button>
      }
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
        <PrintField label={t('slips.fields.warehouse')} value={data.warehouse?.name} />
        <PrintField label={t('slips.fields.supplier')} value={data.supplier?.name} />
        <PrintField label={t('slips.fields.number')} value={data.number} />
        <PrintField label={t('slips.fields.user')} value={data.user?.name ?? '—'} />
        <PrintField label={t('slips.fields.note')} value={data.note} />
      </section>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={PRINT_CELL_START}>{t('slips.fields.product')}</th>
            <th style={PRINT_CELL_END}>{t('slips.fields.number_units')}</th>
            <th style={PRINT_CELL_END}>{t('slips.fields.price')}</th>
            <th style={PRINT_CELL_START}>{t('slips.fields.expiry')}</th>
            <th style={PRINT_CELL_END}>{t('slips.fields.money')}</th>
          </tr>
        </thead>
        <tbody>
          {data.products.map((line, index) => (
            <tr key={index}>
              <PrintProduct title={line.title} code={line.code} />
              <td style={PRINT_CELL_END}>{line.number}</td>
              <td style={PRINT_CELL_END}>{line.price === undefined ? '—' : money(line.price)}</td>
              <td style={PRINT_CELL}>{line.expiry ? format.date(line.expiry) : '—'}</td>
              <td style={PRINT_CELL_END}>
                {line.price === undefined ? '—' : money(line.price * line.number)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* An import's money and any profit reach only readers who see costs. */}
      <PrintTotals
        rows={[
          data.money !== undefined && {
            label: t('slips.fields.money'),
            value: money(data.money),
            strong: true,
          },
          data.style === 'export' &&
            data.profit !== undefined && {
              label: t('slips.fields.profit'),
              value: money(data.profit),
            },
        ]}
      />
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
    </PrintablePaper>
  );
};
