import { useTranslation } from 'react-i18next';
import { MESSAGES_NS } from '../i18n';
import type { Translate } from '../lib/zod-form';

/**
 * Translates a validation message key: `ns:key` from the app's own files, any other key from
 * the shared message catalogue (flat keys such as `validation.required`); unknown keys show as sent.
 */
export const useIssueText = (): Translate => {
  const { t } = useTranslation(['common', MESSAGES_NS]);
  return (key, options) =>
    key.includes(':')
      ? t(key, { ...options, defaultValue: key })
      : t(key, { ...options, ns: MESSAGES_NS, keySeparator: false, defaultValue: key });
};
