import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { wardsSource } from '../../lib/locations';
import { OptionSelect } from '../option-select';

type WardSelectProps = {
  /** The province whose wards are offered; none: the select waits for one. */
  provinceCode?: string | null;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
};

/**
 * The wards of one province, searchable with Vietnamese folding (`ben thanh` finds Bến Thành).
 * Without a province it stays reachable and says to choose one first (a disabled control's
 * text could not be read at the contrast the rest of the form has).
 */
export const WardSelect = ({ provinceCode, onChange, ...rest }: WardSelectProps) => {
  const { t } = useTranslation('address');
  const source = useMemo(() => wardsSource(provinceCode), [provinceCode]);
  return (
    <OptionSelect
      {...rest}
      source={source}
      placeholder={provinceCode ? t('chooseWard') : t('chooseProvinceFirst')}
      notFoundContent={provinceCode ? undefined : t('chooseProvinceFirst')}
      style={{ width: '100%' }}
      onChange={(next) => onChange?.(typeof next === 'string' ? next : null)}
    />
  );
};

/** A ward select inside a form: its province is the value of `provinceField` in the same form. */
export const FormWardSelect = ({
  provinceField = 'province_code',
  ...rest
}: Omit<WardSelectProps, 'provinceCode'> & { provinceField?: string }) => {
  const provinceCode = Form.useWatch(provinceField) as string | null | undefined;
  return <WardSelect {...rest} provinceCode={provinceCode} />;
};
