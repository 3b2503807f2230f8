import type { DataField } from '@backoffice/shared/data-field.schema';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Checkbox,
  DatePicker,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Space,
  TimePicker,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaField } from '../media-picker/media-field';
import { loadDynamicOptions } from './dynamic-options';

// The rich text editor is heavy: screens that never show an `editor` field never load it.
const RichTextEditor = lazy(() =>
  import('../rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

/** What a data field's control needs: the field's definition without its bookkeeping. */
export type DataFieldDefinition = Pick<DataField, 'key' | 'title' | 'style' | 'data' | 'api'> &
  Partial<Pick<DataField, 'has_option' | 'value'>>;

export type DataFieldInputProps = {
  field: DataFieldDefinition;
  /** Text for most styles; a list of values for checkboxes and lists. Fits `Form.Item`. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
};

const MEDIA_TYPE: Record<string, string | undefined> = {
  image: 'image',
  video: 'video',
  document: 'document',
  media: undefined,
};

/** A select fed by the field's API settings, with an empty option first; a failing source says so. */
const DynamicSelect = ({ field, value, onChange, id, disabled }: DataFieldInputProps) => {
  const { t } = useTranslation('common');
  const source = field.api;
  const query = useQuery({
    queryKey: ['data-field-options', source],
    queryFn: ({ signal }) => loadDynamicOptions(source!, signal),
    enabled: Boolean(source?.path),
    retry: false,
  });
  if (!source?.path || query.isError)
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        message={t('dataField.sourceFailed', { path: source?.path ?? '' })}
      />
    );
  return (
    <Select
      id={id}
      aria-label={field.title}
      disabled={disabled}
      style={{ width: '100%' }}
      loading={query.isLoading}
      value={(value as string | undefined) ?? ''}
      onChange={(next) => onChange?.(next)}
      showSearch
      optionFilterProp="label"
      options={[{ value: '', label: t('dataField.none') }, ...(query.data ?? [])]}
    />
  );
};

/**
 * The control of one data field as the post editor shows it, for each of the fifteen styles:
 * text, number, date, time, textarea, editor, a choice among the field's items (select, radios,
 * checkboxes), media of a kind, a select fed by an API, and a list of values.
 */
export const DataFieldInput = (props: DataFieldInputProps) => {
  const { t } = useTranslation('common');
  const { field, value, onChange, id, disabled } = props;
  const items = field.data.map((item) => ({ value: item.value, label: item.title }));
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  const common = { id, disabled, 'aria-label': field.title };
  switch (field.style) {
    case 'number':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          value={text === '' ? null : Number(text)}
          onChange={(next) => onChange?.(next === null ? '' : String(next))}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          value={text ? dayjs(text) : null}
          onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : '')}
        />
      );
    case 'time':
      return (
        <TimePicker
          {...common}
          format="HH:mm"
          value={text ? dayjs(`2000-01-01T${text}`) : null}
          onChange={(next) => onChange?.(next ? next.format('HH:mm') : '')}
        />
      );
    case 'editor':
    case 'textarea':
      // read-only, an editor's HTML shows as text rather than as an editor that cannot edit
      if (field.style === 'editor' && !disabled)
        return (
          <Suspense fallback={<Skeleton.Input active block style={{ height: 120 }} />}>
            <RichTextEditor
              id={id}
              label={field.title}
              value={text}
              onChange={(html) => onChange?.(html)}
            />
          </Suspense>
        );
      return (
        <Input.TextArea
          {...common}
          rows={field.style === 'editor' ? 6 : 3}
          value={text}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
    case 'selectbox':
      return (
        <Select
          {...common}
          style={{ width: '100%' }}
          value={text}
          onChange={(next) => onChange?.(next)}
          options={[{ value: '', label: t('dataField.none') }, ...items]}
        />
      );
    case 'radiobox':
      return (
        <Radio.Group {...common} value={text} onChange={(event) => onChange?.(event.target.value)}>
          <Space wrap>
            {items.map((item) => (
              <Radio key={item.value} value={item.value}>
                {item.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group
          {...common}
          options={items}
          value={Array.isArray(value) ? (value as string[]) : text ? [text] : []}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'image':
    case 'video':
    case 'document':
    case 'media':
      return (
        <MediaField
          type={MEDIA_TYPE[field.style]}
          area="posts"
          disabled={disabled}
          value={(value as string | null | undefined) ?? null}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'api':
      return <DynamicSelect {...props} />;
    case 'list':
      return (
        <Select
          {...common}
          style={{ width: '100%' }}
          mode="tags"
          open={false}
          tokenSeparators={[',']}
          placeholder={t('form.tagsPlaceholder')}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange?.(next)}
        />
      );
    default:
      return (
        <Input {...common} value={text} onChange={(event) => onChange?.(event.target.value)} />
      );
  }
};
