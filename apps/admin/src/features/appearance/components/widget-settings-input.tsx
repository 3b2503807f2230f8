import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { slugify, toFieldKey } from '@backoffice/shared/slug';
import {
  WIDGET_CHOICE_STYLES,
  WIDGET_COLUMN_STYLES,
  WIDGET_FIELD_STYLES,
  widgetSettingsSchema,
} from '@backoffice/shared/widget.schema';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import { useIssueText } from '../../../components/use-issue-text';
import { useTranslation } from 'react-i18next';
import { JsonOrForm } from './json-or-form';

/** A field of the settings while it is being built (any part may still be missing). */
type Draft = {
  key?: string;
  title?: string;
  style?: string;
  required?: boolean;
  has_option?: boolean;
  help?: string | null;
  data?: Array<{ value?: string; title?: string }>;
  api?: { path?: string; list_key?: string | null; value_key?: string; title_key?: string };
  fields?: Draft[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the controls can show: `{ fields: [...] }` of objects (or nothing yet). */
const fits = (value: unknown) =>
  value === undefined ||
  value === null ||
  (isObject(value) &&
    Object.keys(value).every((key) => key === 'fields') &&
    (value.fields === undefined ||
      (Array.isArray(value.fields) && value.fields.every((field) => isObject(field)))));

/**
 * A text that follows another as one types (a key from its title, a choice's value from its
 * name) while it is empty or still what the other made: once typed by hand it stays.
 */
const follow = (
  current: string | undefined,
  before: string | undefined,
  next: string,
  make: (text: string) => string,
) => (!current || current === make(before ?? '') ? make(next) : current);

const OPTION_STYLES = ['selectbox', 'api'];

type ListLabels = { item: string; add: string };

/** The fields (or a list's columns) of a widget's settings, each a card of controls. */
const FieldsEditor = ({
  fields,
  onChange,
  nested,
  prefix,
}: {
  fields: Draft[];
  onChange: (fields: Draft[]) => void;
  /** A list's columns: no list in a list. */
  nested: boolean;
  /** The accessible names' start: "Field 2" or "Field 2 · Column 1". */
  prefix: string;
}) => {
  const { t } = useTranslation(['appearance', 'content']);
  const labels: ListLabels = nested
    ? { item: t('builder.column'), add: t('builder.addColumn') }
    : { item: t('builder.field'), add: t('builder.addField') };
  const styles = nested ? WIDGET_COLUMN_STYLES : WIDGET_FIELD_STYLES;
  const set = (index: number, change: Partial<Draft>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...change } : field)));
  const move = (from: number, to: number) => {
    const next = [...fields];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };

  return (
    <Flex vertical gap={12}>
      {fields.map((field, index) => {
        const name = `${prefix}${labels.item} ${index + 1}`;
        const label = (part: string) => `${name}: ${part}`;
        const style = field.style ?? 'text';
        return (
          <Card
            key={index}
            size="small"
            title={
              field.title
                ? `${labels.item} ${index + 1} · ${field.title}`
                : `${labels.item} ${index + 1}`
            }
            extra={
              <Space size={4}>
                <Tooltip title={t('common:form.moveItemUp', { index: index + 1 })}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`${name}: ${t('common:form.moveItemUp', { index: index + 1 })}`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                </Tooltip>
                <Tooltip title={t('common:form.moveItemDown', { index: index + 1 })}>
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`${name}: ${t('common:form.moveItemDown', { index: index + 1 })}`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                </Tooltip>
                <Tooltip title={t('common:form.removeItem', { index: index + 1 })}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${name}: ${t('common:form.removeItem', { index: index + 1 })}`}
                    onClick={() => onChange(fields.filter((_, at) => at !== index))}
                  />
                </Tooltip>
              </Space>
            }
          >
            <Flex vertical gap={8}>
              <Flex gap={8} wrap>
                <Input
                  aria-label={label(t('builder.title'))}
                  placeholder={t('builder.title')}
                  value={field.title ?? ''}
                  style={{ flex: '2 1 12rem' }}
                  onChange={(event) =>
                    set(index, {
                      title: event.target.value,
                      key: follow(field.key, field.title, event.target.value, toFieldKey),
                    })
                  }
                />
                <Input
                  aria-label={label(t('builder.key'))}
                  placeholder={t('builder.key')}
                  title={t('builder.keyHelp')}
                  dir="ltr"
                  value={field.key ?? ''}
                  style={{ flex: '1 1 10rem', direction: 'ltr' }}
                  onChange={(event) => set(index, { key: event.target.value })}
                />
                <Select
                  aria-label={label(t('builder.style'))}
                  value={style}
                  style={{ flex: '1 1 10rem' }}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={styles.map((value) => ({
                    value,
                    label: t(`content:fieldStyles.${value}`),
                  }))}
                  onChange={(next: string) =>
                    set(index, {
                      style: next,
                      ...((WIDGET_CHOICE_STYLES as readonly string[]).includes(next) && !field.data
                        ? { data: [{ value: '', title: '' }] }
                        : {}),
                      ...(next === 'api' && !field.api
                        ? {
                            api: {
                              path: '',
                              list_key: 'data',
                              value_key: 'id',
                              title_key: 'title',
                            },
                          }
                        : {}),
                      ...(next === 'list' && !field.fields
                        ? { fields: [{ key: '', title: '', style: 'text' }] }
                        : {}),
                    })
                  }
                />
              </Flex>
              <Flex gap={16} wrap align="center">
                <label>
                  <Space size={6}>
                    <Switch
                      size="small"
                      checked={field.required === true}
                      onChange={(checked) => set(index, { required: checked })}
                    />
                    {t('builder.required')}
                  </Space>
                </label>
                {OPTION_STYLES.includes(style) ? (
                  <label>
                    <Space size={6}>
                      <Switch
                        size="small"
                        checked={field.has_option === true}
                        onChange={(checked) => set(index, { has_option: checked })}
                      />
                      {t('builder.hasOption')}
                    </Space>
                  </label>
                ) : null}
                <Input
                  aria-label={label(t('builder.help'))}
                  placeholder={t('builder.help')}
                  value={field.help ?? ''}
                  style={{ flex: '1 1 14rem' }}
                  onChange={(event) => set(index, { help: event.target.value })}
                />
              </Flex>
              {(WIDGET_CHOICE_STYLES as readonly string[]).includes(style) ? (
                <ChoicesEditor
                  label={label(t('builder.choices'))}
                  choices={field.data ?? []}
                  onChange={(data) => set(index, { data })}
                />
              ) : null}
              {style === 'api' ? (
                <Flex gap={8} wrap role="group" aria-label={label(t('builder.api'))}>
                  {(
                    [
                      ['path', 'builder.apiPath', '/categories?limit=100'],
                      ['list_key', 'builder.listKey', 'data'],
                      ['value_key', 'builder.valueKey', 'id'],
                      ['title_key', 'builder.titleKey', 'title'],
                    ] as const
                  ).map(([part, text, example]) => (
                    <Input
                      key={part}
                      aria-label={label(t(text))}
                      placeholder={`${t(text)} (${example})`}
                      dir="ltr"
                      style={{ flex: part === 'path' ? '2 1 16rem' : '1 1 8rem', direction: 'ltr' }}
                      value={field.api?.[part] ?? ''}
                      onChange={(event) =>
                        set(index, { api: { ...field.api, [part]: event.target.value } })
                      }
                    />
                  ))}
                </Flex>
              ) : null}
              {style === 'list' && !nested ? (
                <div role="group" aria-label={label(t('builder.columns'))}>
                  <Typography.Text strong>{t('builder.columns')}</Typography.Text>
                  <div style={{ marginTop: 8 }}>
                    <FieldsEditor
                      fields={field.fields ?? []}
                      nested
                      prefix={`${name} · `}
                      onChange={(columns) => set(index, { fields: columns })}
                    />
                  </div>
                </div>
              ) : null}
            </Flex>
          </Card>
        );
      })}
      {fields.length === 0 ? (
        <Typography.Text type="secondary">{t('builder.noFields')}</Typography.Text>
      ) : null}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange([...fields, { key: '', title: '', style: 'text' }])}
      >
        {prefix ? `${labels.add} (${prefix.replace(/ · $/, '')})` : labels.add}
      </Button>
    </Flex>
  );
};

/** The choices of a select box, radio buttons or check boxes: a name, and the value it stores. */
const ChoicesEditor = ({
  label,
  choices,
  onChange,
}: {
  label: string;
  choices: Array<{ value?: string; title?: string }>;
  onChange: (choices: Array<{ value?: string; title?: string }>) => void;
}) => {
  const { t } = useTranslation('appearance');
  const set = (index: number, change: { value?: string; title?: string }) =>
    onChange(choices.map((choice, at) => (at === index ? { ...choice, ...change } : choice)));
  return (
    <Flex vertical gap={6} role="group" aria-label={label}>
      <Typography.Text strong>{t('builder.choices')}</Typography.Text>
      {choices.map((choice, index) => {
        const name = `${label} ${index + 1}`;
        return (
          <Flex key={index} gap={8} wrap align="center">
            <Input
              aria-label={`${name}: ${t('builder.choiceTitle')}`}
              placeholder={t('builder.choiceTitle')}
              value={choice.title ?? ''}
              style={{ flex: '2 1 10rem' }}
              onChange={(event) =>
                set(index, {
                  title: event.target.value,
                  value: follow(choice.value, choice.title, event.target.value, slugify),
                })
              }
            />
            <Input
              aria-label={`${name}: ${t('builder.choiceValue')}`}
              placeholder={t('builder.choiceValue')}
              dir="ltr"
              value={choice.value ?? ''}
              style={{ flex: '1 1 8rem', direction: 'ltr' }}
              onChange={(event) => set(index, { value: event.target.value })}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${name}: ${t('common:actions.delete')}`}
              onClick={() => onChange(choices.filter((_, at) => at !== index))}
            />
          </Flex>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => onChange([...choices, { value: '', title: '' }])}
      >
        {t('builder.addChoice')}
      </Button>
    </Flex>
  );
};

/**
 * A widget's settings built with controls: each field of its content editor with a title, a
 * key made from the title (editable), a style, and what that style needs (choices, where an
 * API field reads, a list's columns). The JSON stays one click away.
 */
export const WidgetSettingsInput = ({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}) => {
  const { t } = useTranslation('appearance');
  const translate = useIssueText();
  const fields =
    fits(value) && isObject(value) ? ((value.fields as Draft[] | undefined) ?? []) : [];
  // Once a save was tried (the field shows an error), every issue is named by where it is:
  // "Field 2 · Column 1: Key — Please enter the field key!".
  const { status } = Form.Item.useStatus();
  const parts: Record<string, string> = {
    key: t('builder.key'),
    title: t('builder.title'),
    style: t('builder.style'),
    help: t('builder.help'),
    data: t('builder.choices'),
    api: t('builder.api'),
  };
  const where = (path: ReadonlyArray<PropertyKey>) => {
    const [, index, part, column, columnPart] = path;
    if (typeof index !== 'number') return '';
    const field = `${t('builder.field')} ${index + 1}`;
    if (part === 'fields' && typeof column === 'number')
      return `${field} · ${t('builder.column')} ${column + 1}: ${parts[String(columnPart)] ?? ''}`;
    return `${field}: ${parts[String(part)] ?? t('builder.columns')}`;
  };
  const issues =
    status === 'error' && fits(value)
      ? (widgetSettingsSchema.safeParse(value ?? { fields: [] }).error?.issues ?? [])
      : [];
  return (
    <JsonOrForm
      value={value}
      onChange={onChange}
      id={id}
      label={t('widgets.fields.settings')}
      fits={fits}
    >
      <Flex vertical gap={8}>
        {issues.length > 0 ? (
          <Alert
            type="error"
            showIcon
            data-testid="settings-issues"
            title={
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {issues.map((issue, index) => (
                  <li key={index}>
                    {[where(issue.path), translate(issue.message)].filter(Boolean).join(' — ')}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        <FieldsEditor
          fields={fields}
          nested={false}
          prefix=""
          onChange={(next) => onChange?.({ fields: next })}
        />
      </Flex>
    </JsonOrForm>
  );
};
