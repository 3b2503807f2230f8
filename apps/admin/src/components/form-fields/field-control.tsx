import { Form, type FormItemProps, Input, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOption } from '../../lib/options';
import type { FieldKind } from '../../lib/zod-form';
import { toShopClock, fromShopClock } from '../../lib/shop-clock';
import { MediaField } from '../media-picker/media-field';
import { OptionSelect, OptionTreeSelect } from '../option-select';
import { ShopDatePicker } from '../shop-date-picker';
import { keepEnterInPicker, pickerBounds } from './date-bounds';
import type { FormFieldDef } from './field-def';
import { JsonInput } from './json-input';
import { MoneyInput } from './money-input';
import { NumberInput } from './number-input';

const DATE = 'YYYY-MM-DD';

/**
 * Dates travel as text: `YYYY-MM-DD` (a calendar day, the same everywhere), or ISO 8601 with
 * the offset for a date and time, which the picker shows and takes on the shop's clock.
 */
const dateItemProps = (withTime: boolean): Partial<FormItemProps> => ({
  getValueProps: (value: unknown) => ({
    value:
      typeof value === 'string' && value ? (withTime ? toShopClock(value) : dayjs(value)) : null,
  }),
  normalize: (value: Dayjs | null) =>
    value ? (withTime ? fromShopClock(value) : value.format(DATE)) : null,
});

/** The Form.Item props a kind needs besides `name` (how the value reaches the control). */
export const itemPropsFor = (kind: FieldKind): Partial<FormItemProps> => {
  if (kind === 'switch') return { valuePropName: 'checked' };
  if (kind === 'date') return dateItemProps(false);
  if (kind === 'datetime') return dateItemProps(true);
  return {};
};

/** The control of a field kind; what Form.Item passes (`id`, `value`, `onChange`…) goes through. */
export const FieldControl = ({
  kind,
  field,
  options,
  ...formProps
}: {
  kind: FieldKind;
  field: FormFieldDef;
  options: FieldOption[] | undefined;
} & Record<string, unknown>): ReactNode => {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance();
  const common = { ...formProps, placeholder: field.placeholder, disabled: field.disabled };
  const { after } = field;
  const boundNow = () => {
    if (!after) return null;
    const bound = after((form.getFieldsValue(true) ?? {}) as Record<string, unknown>);
    return bound === null || bound === undefined || bound === '' ? null : toShopClock(bound);
  };
  const bounds = after ? pickerBounds(boundNow) : {};
  // A day chosen on the bound's own day opens on the first minute the rule takes, not 00:00.
  const firstTime = after ? boundNow()?.add(1, 'minute').startOf('minute') : undefined;
  switch (kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} {...common} />;
    case 'number':
      return <NumberInput style={{ width: '100%' }} {...common} />;
    case 'money':
      return <MoneyInput unit={field.unit} {...common} />;
    case 'switch':
      return <Switch {...formProps} disabled={field.disabled} />;
    case 'select':
      return field.source ? (
        <OptionSelect
          source={field.source}
          multiple={field.multiple}
          {...common}
          style={{ width: '100%' }}
        />
      ) : (
        <Select
          allowClear
          mode={field.multiple ? 'multiple' : undefined}
          options={options}
          // A long list of choices is found by typing (the fifteen data field styles).
          showSearch={(options?.length ?? 0) > 8 ? { optionFilterProp: 'label' } : undefined}
          {...common}
        />
      );
    case 'tree-select':
      return (
        <OptionTreeSelect
          // Fixed options name their parent too; they need no query.
          source={field.source ?? { key: ['options', field.name], load: async () => options ?? [] }}
          multiple={field.multiple}
          {...common}
          style={{ width: '100%' }}
        />
      );
    case 'tags':
      return (
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',']}
          {...common}
          placeholder={field.placeholder ?? t('form.tagsPlaceholder')}
        />
      );
    case 'date':
      return (
        <ShopDatePicker
          format="DD/MM/YYYY"
          style={{ width: '100%' }}
          onKeyDown={keepEnterInPicker}
          {...bounds}
          {...common}
          placeholder={field.placeholder ?? t('form.selectDate')}
        />
      );
    case 'datetime':
      return (
        <ShopDatePicker
          showTime={{ format: 'HH:mm', ...(firstTime ? { defaultValue: firstTime } : {}) }}
          format="DD/MM/YYYY HH:mm"
          style={{ width: '100%' }}
          onKeyDown={keepEnterInPicker}
          {...bounds}
          {...common}
          placeholder={field.placeholder ?? t('form.selectDateTime')}
        />
      );
    case 'json':
      return <JsonInput {...common} />;
    case 'media':
      return (
        <MediaField
          multiple={field.multiple}
          type={field.mediaType}
          {...formProps}
          disabled={field.disabled}
        />
      );
    case 'password':
      return <Input.Password autoComplete="new-password" {...common} />;
    case 'email':
      return <Input type="email" autoComplete="email" {...common} />;
    default:
      return <Input {...common} />;
  }
};
