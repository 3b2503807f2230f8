import type {
  WidgetColumn,
  WidgetField,
  WidgetSettings,
  WidgetValue,
} from '@backoffice/shared/widget.schema';
import { DataFieldInput } from '../../../components/data-field/data-field-input';
import type { FormFieldDef } from '../../../components/resource-form';
import { apiChoices } from './api-choices';

const choicesOf = (field: Pick<WidgetColumn, 'data'>) =>
  (field.data ?? []).map((choice) => ({ value: choice.value, label: choice.title }));

/**
 * The post editor's control of a data field, for the styles whose value a widget stores the
 * same way (one choice, several choices, a clock time `HH:mm`).
 */
const dataFieldInput = (field: WidgetColumn | WidgetField) => (
  <DataFieldInput
    field={{
      key: field.key,
      title: field.title,
      style: field.style,
      data: field.data ?? [],
      api: null,
    }}
  />
);

/**
 * One field of a widget's settings as a field of the value editor. The styles are the data
 * fields': the shared data-field control where the widget's value has the same shape, else
 * the form's own kinds (numbers as numbers, several choices or files as a list); the list
 * style stays a list of its columns.
 */
const fieldOf = (field: WidgetColumn | WidgetField): FormFieldDef => {
  const base = {
    name: field.key,
    label: field.title,
    help: field.help ?? undefined,
    required: field.required ?? false,
  };
  switch (field.style) {
    case 'text':
      return { ...base, kind: 'text' };
    case 'textarea':
      return { ...base, kind: 'textarea' };
    case 'number':
      return { ...base, kind: 'number' };
    case 'date':
      return { ...base, kind: 'date' };
    case 'time':
    case 'radiobox':
    case 'checkbox':
      return { ...base, input: dataFieldInput(field) };
    case 'selectbox':
      return { ...base, kind: 'select', options: choicesOf(field), multiple: field.has_option };
    case 'image':
      return { ...base, kind: 'media', mediaType: 'image' };
    case 'video':
      return { ...base, kind: 'media', mediaType: 'video' };
    case 'document':
      return { ...base, kind: 'media', mediaType: 'document' };
    case 'media':
      return { ...base, kind: 'media', multiple: true, mediaType: 'image,video,document' };
    case 'api':
      return field.api
        ? { ...base, kind: 'select', source: apiChoices(field.api), multiple: field.has_option }
        : { ...base, kind: 'text' };
    case 'list':
      return {
        ...base,
        kind: 'list',
        itemLabel: field.title,
        fields: ((field as WidgetField).fields ?? []).map((column) => fieldOf(column)),
      };
    default:
      return field satisfies never;
  }
};

/** The value editor's fields, one per field of the settings, in their order. */
export const valueFieldsOf = (settings: WidgetSettings): FormFieldDef[] =>
  settings.fields.map((field) => fieldOf(field));

const pick = (value: unknown, keys: readonly string[]) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        keys
          .filter((key) => Object.hasOwn(value, key))
          .map((key) => [key, (value as WidgetValue)[key]]),
      )
    : {};

/**
 * The stored value as the editor starts from it: only what the settings have now (a field
 * removed from them since would be refused on saving), list rows included.
 */
export const valueForForm = (settings: WidgetSettings, value: WidgetValue): WidgetValue => {
  const form = pick(
    value,
    settings.fields.map((field) => field.key),
  );
  for (const field of settings.fields) {
    const rows = form[field.key];
    if (field.style === 'list' && Array.isArray(rows))
      form[field.key] = rows.map((row) =>
        pick(
          row,
          (field.fields ?? []).map((column) => column.key),
        ),
      );
  }
  return form;
};
