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

/**
 * How the fields inside a value read (a discount's tiers, an entry's facts): each field's name
 * and its stored values in words, by its path (`config.type`). By default, as stored.
 */
export type InnerWords = {
  label: (path: string) => string;
  value: (path: string, stored: unknown) => unknown;
};

const AS_STORED: InnerWords = { label: (path) => path.split('.').at(-1)!, value: (_, v) => v };

const isPlain = (value: unknown) => typeof value !== 'object' || value === null;

/** A group of fields, one "name: value" line each. */
const Fields = ({
  value,
  path,
  words,
}: {
  value: Record<string, unknown>;
  path: string;
  words: InnerWords;
}) => (
  <div>
    {Object.entries(value).map(([key, inner]) => {
      const at = path ? `${path}.${key}` : key;
      return (
        <div key={key}>
          <Typography.Text type="secondary">{words.label(at)}: </Typography.Text>
          <ValueText value={words.value(at, inner)} path={at} words={words} />
        </div>
      );
    })}
  </div>
);

/**
 * A value as a person reads it (a record's field, an audit entry's before or after): a list of
 * plain values as tags, a group of fields as named lines, a list of groups (a discount's tiers)
 * as numbered groups, never JSON.
 */
export const ValueText = ({
  value,
  path = '',
  words = AS_STORED,
}: {
  value: unknown;
  /** Where the value is, for `words` (`config`). */
  path?: string;
  words?: InnerWords;
}) => {
  const { t } = useTranslation('common');
  const format = useFormatters();
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value === 'boolean') return <>{value ? t('details.yes') : t('details.no')}</>;
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return <>{format.dateTime(value)}</>;
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return <>{format.date(value)}</>;
  if (Array.isArray(value) && value.every(isPlain))
    return (
      <>
        {value.map((one, index) => (
          <Tag key={`${String(one)}-${index}`}>{String(words.value(path, one) ?? '—')}</Tag>
        ))}
      </>
    );
  if (Array.isArray(value))
    return (
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {value.map((one, index) => (
          <li key={index}>
            <ValueText value={one} path={path} words={words} />
          </li>
        ))}
      </ol>
    );
  if (typeof value === 'object')
    return <Fields value={value as Record<string, unknown>} path={path} words={words} />;
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
