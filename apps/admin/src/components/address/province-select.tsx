import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { provincesSource } from '../../lib/locations';
import { OptionSelect } from '../option-select';

type ProvinceSelectProps = {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  /** Inside a form: fields that depend on the province (its ward), emptied when it changes. */
  clearFields?: readonly string[];
};

/** The 34 provinces since 1 July 2025, searchable with Vietnamese folding (`ho chi minh`). */
export const ProvinceSelect = ({
  clearFields = [],
  onChange,
  value,
  ...rest
}: ProvinceSelectProps) => {
  const { t } = useTranslation('address');
  const form = Form.useFormInstance() as ReturnType<typeof Form.useFormInstance> | undefined;
  return (
    <OptionSelect
      {...rest}
      source={provincesSource}
      value={value}
      placeholder={t('chooseProvince')}
      style={{ width: '100%' }}
      onChange={(next) => {
        const code = typeof next === 'string' ? next : null;
        if (code !== (value ?? null))
          for (const field of clearFields) form?.setFieldValue(field, null);
        onChange?.(code);
      }}
    />
  );
};
