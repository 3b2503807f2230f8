import type { DataField } from '@backoffice/shared/data-field.schema';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { value?: string | null; onChange?: (value: string | null) => void; id?: string };

/** The parent of a data item: one of the field's items being edited, or none (the top). */
export const ParentItemInput = ({ value, onChange, id }: Props) => {
  const { t } = useTranslation('content');
  const items = (Form.useWatch('data') as DataField['data'] | undefined) ?? [];
  const options = items
    .filter((item) => item?.value)
    .map((item) => ({ value: item.value, label: `${item.title || item.value} (${item.value})` }));
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('dataFields.parentTop')}
      value={value || undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      options={options}
    />
  );
};
