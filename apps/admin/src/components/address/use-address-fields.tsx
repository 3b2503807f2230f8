import { useTranslation } from 'react-i18next';
import type { FormFieldDef } from '../form-fields/field-def';
import { ProvinceSelect } from './province-select';
import { FormWardSelect } from './ward-select';

/**
 * The address fields of a form over a schema with `province_code`, `ward_code`, `address`
 * and, unless `district: false`, the old district as optional free text: the province
 * select empties the ward (and district) when it changes, the ward select offers that
 * province's wards.
 * Whether each is required comes from the form's schema.
 */
export const useAddressFields = ({
  district = true,
}: { district?: boolean } = {}): FormFieldDef[] => {
  const { t } = useTranslation('address');
  return [
    {
      name: 'province_code',
      label: t('province'),
      // The ward and the old district belong to the province: a new province empties them.
      input: <ProvinceSelect clearFields={district ? ['ward_code', 'district'] : ['ward_code']} />,
    },
    {
      name: 'ward_code',
      label: t('ward'),
      input: <FormWardSelect provinceField="province_code" />,
    },
    ...(district
      ? [{ name: 'district', label: t('district'), help: t('districtHelp'), required: false }]
      : []),
    { name: 'address', label: t('address'), placeholder: t('addressPlaceholder') },
  ];
};
