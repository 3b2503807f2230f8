import { Alert, Flex, Segmented } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInvalidJson, JsonInput } from '../../../components/form-fields/json-input';

/**
 * A value built with form controls, with its JSON one click away for those who want it
 * ("advanced"). Text that does not parse stays in the JSON view until it does; a value the
 * controls cannot show (`fits` false) opens in the JSON view.
 */
export const JsonOrForm = ({
  value,
  onChange,
  id,
  label,
  fits,
  placeholder,
  children,
}: {
  value: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  /** The field's name, for the view switch's accessible name. */
  label: string;
  fits: (value: unknown) => boolean;
  placeholder?: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation('appearance');
  const [mode, setMode] = useState<'form' | 'json'>(() => (fits(value) ? 'form' : 'json'));
  const canShowForm = !isInvalidJson(value) && fits(value);
  return (
    <Flex vertical gap={8}>
      <Segmented
        aria-label={t('builder.view', { field: label })}
        value={mode}
        onChange={(next) => setMode(next as 'form' | 'json')}
        options={[
          { value: 'form', label: t('builder.form'), disabled: !canShowForm },
          { value: 'json', label: t('builder.json') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'json' ? (
        <>
          {!canShowForm ? <Alert type="info" showIcon title={t('builder.jsonOnly')} /> : null}
          <JsonInput id={id} value={value} onChange={onChange} placeholder={placeholder} />
        </>
      ) : (
        children
      )}
    </Flex>
  );
};
