import { Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_DAY, useFormatters } from '../lib/format';

export type DetailItem<T> = {
  key: string;
  label: string;
  /** How the value shows; by default text, yes/no, tags for a list, dates in the chosen language. */
  render?: (record: T) => ReactNode;
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** A value as a person reads it (a record's field, an audit entry's before or after). */
export const ValueText = ({ value }: { value: unknown }) => {
  const { t } = useTranslation('common');
  const format = useFormatters();
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value === 'boolean') return <>{value ? t('details.yes') : t('details.no')}</>;
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return <>{format.dateTime(value)}</>;
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return <>{format.date(value)}</>;
  if (Array.isArray(value) && value.every((one) => typeof one !== 'object' || one === null))
    return (
      <>
        {value.map((one, index) => (
          <Tag key={`${String(one)}-${index}`}>{String(one)}</Tag>
        ))}
      </>
    );
  if (typeof value === 'object')
    return (
      <Typography.Paragraph
        code
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
      >
        {JSON.stringify(value, null, 2)}
      </Typography.Paragraph>
    );
  return <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
};

/**
 * A detail's value: what its own render drew, or the stored value in words. Nothing drawn (an
 * empty text, no roles) reads as "—" like an empty stored value, not as a blank cell.
 */
const DetailValue = ({ shown, rendered }: { shown: unknown; rendered: boolean }) => {
  const empty =
    shown === null ||
    shown === undefined ||
    shown === '' ||
    (Array.isArray(shown) && shown.length === 0);
  if (rendered && !empty) return <>{shown as ReactNode}</>;
  return <ValueText value={empty ? null : shown} />;
};

/**
 * Every field of one record in a drawer (a user, a feedback message): the declared items in their
 * order, or all of the record's fields when none are declared.
 */
export const RecordDetails = <T extends object>({
  record,
  title,
  items,
  loading = false,
  onClose,
  testId,
  children,
}: {
  /** null closes the drawer. */
  record: T | null;
  title: string;
  items?: ReadonlyArray<DetailItem<T>>;
  loading?: boolean;
  onClose: () => void;
  testId?: string;
  /** Shown below the fields (a user's sessions). */
  children?: ReactNode;
}) => {
  const shown: ReadonlyArray<DetailItem<T>> =
    items ?? (record ? Object.keys(record).map((key) => ({ key, label: key })) : []);
  return (
    <Drawer open={record !== null} title={title} onClose={onClose} destroyOnHidden size={520}>
      {loading ? (
        <Skeleton active />
      ) : record ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          data-testid={testId}
          items={shown.map((item) => ({
            key: item.key,
            label: item.label,
            children: (
              <DetailValue
                shown={
                  item.render ? item.render(record) : (record as Record<string, unknown>)[item.key]
                }
                rendered={Boolean(item.render)}
              />
            ),
          }))}
        />
      ) : null}
      {record && !loading ? children : null}
    </Drawer>
  );
};
