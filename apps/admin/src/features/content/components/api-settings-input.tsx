import type { DataFieldApi } from '@backoffice/shared/data-field.schema';
import { Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  value?: DataFieldApi | null;
  onChange?: (value: DataFieldApi | null) => void;
  id?: string;
};

const KEYS = ['path', 'list_key', 'value_key', 'title_key'] as const;

/** Where a dynamic select reads its options: path, list key, value key, title key (empty path: none). */
export const ApiSettingsInput = ({ value, onChange, id }: Props) => {
  const { t } = useTranslation('content');
  const current = value ?? { path: '', list_key: null, value_key: null, title_key: null };
  const change = (key: (typeof KEYS)[number], text: string) => {
    const next = { ...current, [key]: key === 'path' ? text : text || null };
    const empty = !next.path && !next.list_key && !next.value_key && !next.title_key;
    onChange?.(empty ? null : next);
  };
  return (
    <Flex vertical gap={6} id={id} role="group" aria-label={t('fields.api')}>
      {KEYS.map((key) => (
        <Input
          key={key}
          addonBefore={t(`api.${key}`)}
          aria-label={t(`api.${key}`)}
          placeholder={t(`api.${key}Placeholder`)}
          value={current[key] ?? ''}
          dir="ltr"
          onChange={(event) => change(key, event.target.value)}
        />
      ))}
    </Flex>
  );
};
