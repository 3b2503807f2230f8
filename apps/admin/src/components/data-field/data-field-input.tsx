import type { DataField } from '@backoffice/shared/data-field.schema';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Input, Radio, Select, Skeleton, Space, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { keepEnterInPicker } from '../form-fields/date-bounds';
import { NumberInput } from '../form-fields/number-input';
import { MediaField } from '../media-picker/media-field';
import { ShopDatePicker } from '../shop-date-picker';
import { dynamicOptionsQueryOptions } from './data-field-queries';
import type { DynamicOption } from './dynamic-options';

// The rich text editor is heavy: screens that never show an `editor` field never load it.
const RichTextEditor = lazy(() =>
  import('../rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

/** What a data field's control needs: the field's definition without its bookkeeping. */
export type DataFieldDefinition = Pick<DataField, 'key' | 'title' | 'style' | 'data' | 'api'> &
  Partial<Pick<DataField, 'has_option' | 'has_children' | 'value'>>;

type Item = DataField['data'][number];
type TreeNode = { value: string; title: string; children?: TreeNode[] };

/**
 * A field's items as a tree: each under the item its `parent` names. An item whose parent is
 * missing, or that would end up under itself (a form being typed), stays at the top.
 */
export const itemsTree = (items: readonly Item[]): TreeNode[] => {
  const byValue = new Map(items.map((item) => [item.value, item]));
  const underItself = (item: Item) => {
    const seen = new Set<string>();
    for (let at: Item | undefined = item; at?.parent; at = byValue.get(at.parent)) {
      if (seen.has(at.value)) return true;
      seen.add(at.value);
    }
    return false;
  };
  const childrenOf = new Map<string | null, Item[]>();
  for (const item of items) {
    const parent =
      item.parent && byValue.has(item.parent) && !underItself(item) ? item.parent : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), item]);
  }
  const build = (parent: string | null, seen: Set<string>): TreeNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((item) => !seen.has(item.value))
      .map((item) => {
        const children = build(item.value, new Set([...seen, item.value]));
        return {
          value: item.value,
          title: item.title,
          ...(children.length > 0 ? { children } : {}),
        };
      });
  return build(null, new Set());
};

/** The values of a field that takes several: a list, whatever was stored before. */
const valuesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : value === undefined || value === null || value === ''
      ? []
      : [String(value)];

/** Several values (`has_option`) and choices as a tree (`has_children`) for `selectbox` and `api`. */
const ChoiceSelect = ({
  field,
  value,
  onChange,
  id,
  disabled,
  options,
  loading,
}: DataFieldInputProps & { options: TreeNode[]; loading?: boolean }) => {
  const { t } = useTranslation('common');
  const several = Boolean(field.has_option);
  const common = {
    id,
    disabled,
    loading,
    'aria-label': field.title,
    style: { width: '100%' },
    showSearch: true,
  };
  if (field.has_children)
    return (
      <TreeSelect
        {...common}
        treeData={options}
        treeDefaultExpandAll
        treeNodeFilterProp="title"
        multiple={several}
        allowClear
        placeholder={t('dataField.none')}
        value={several ? valuesOf(value) : valuesOf(value)[0]}
        onChange={(next: unknown) => onChange?.(several ? valuesOf(next) : (next ?? ''))}
      />
    );
  const flat = options.map((option) => ({ value: option.value, label: option.title }));
  if (several)
    return (
      <Select
        {...common}
        mode="multiple"
        optionFilterProp="label"
        placeholder={t('dataField.none')}
        value={valuesOf(value)}
        onChange={(next: string[]) => onChange?.(next)}
        options={flat}
      />
    );
  return (
    <Select
      {...common}
      optionFilterProp="label"
      value={valuesOf(value)[0] ?? ''}
      onChange={(next: string) => onChange?.(next)}
      options={[{ value: '', label: t('dataField.none') }, ...flat]}
    />
  );
};

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

/**
 * A select fed by the field's API settings, with an empty option first (or several values, or
 * a tree, as the field says); a failing source says so.
 */
const DynamicSelect = (props: DataFieldInputProps) => {
  const { t } = useTranslation('common');
  const source = props.field.api;
  const tree = Boolean(props.field.has_children);
  const query = useQuery({
    ...dynamicOptionsQueryOptions(source!, tree),
    enabled: Boolean(source?.path),
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
  const toNodes = (options: DynamicOption[]): TreeNode[] =>
    options.map((option) => ({
      value: option.value,
      title: option.label,
      ...(option.children ? { children: toNodes(option.children) } : {}),
    }));
  return <ChoiceSelect {...props} options={toNodes(query.data ?? [])} loading={query.isLoading} />;
};

/**
 * The control of one data field as the post editor shows it, for each of the fifteen styles:
 * text, number, date, time, textarea, editor, a choice among the field's items (select, radios,
 * checkboxes), media of a kind, a select fed by an API, and a list of values. A select box or
 * an API select takes several values with `has_option` (the value is then a list, as a
 * checkbox's is) and shows its choices as a tree with `has_children`.
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
        <NumberInput
          {...common}
          style={{ width: '100%' }}
          value={text === '' ? null : Number(text)}
          onChange={(next) => onChange?.(next === null ? '' : String(next))}
        />
      );
    case 'date':
      return (
        <ShopDatePicker
          {...common}
          onKeyDown={keepEnterInPicker}
          value={text ? dayjs(text) : null}
          onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : '')}
        />
      );
    case 'time':
      return (
        <ShopDatePicker.TimePicker
          {...common}
          onKeyDown={keepEnterInPicker}
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
        <ChoiceSelect
          {...props}
          options={
            field.has_children
              ? itemsTree(field.data)
              : field.data.map((item) => ({ value: item.value, title: item.title }))
          }
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
