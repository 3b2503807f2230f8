import { useCallback } from 'react';
import { isValueWordsKey, valueWord } from '@backoffice/shared/value-words';
import { useTranslation } from 'react-i18next';
import { isAppLanguage } from '../../../i18n';

/**
 * Where each record's fields are named on its own screen (`namespace:prefix`): the log calls a
 * product's price what its form calls it. What no screen names is in the log's own `fieldNames`.
 */
const SCREEN_FIELDS: Readonly<Record<string, string>> = {
  agency: 'agencies:fields',
  category: 'content:fields',
  comment: 'comments:fields',
  data_field: 'content:fields',
  discount: 'commerce:discounts.fields',
  feedback: 'feedback:fields',
  group: 'content:fields',
  language: 'languages:fields',
  menu: 'menus:fields',
  order: 'commerce:orders.fields',
  post: 'posts:fields',
  post_type: 'content:fields',
  rating: 'comments:ratings.fields',
  redirect: 'redirects:fields',
  seo: 'seo:fields',
  setting: 'settings:fields',
  slider: 'appearance:sliders.fields',
  supplier: 'warehouse:fields',
  user: 'users:fields',
  warehouse: 'warehouse:fields',
  warehouse_change: 'warehouse:slips.fields',
  widget: 'appearance:widgets.fields',
};

const NAMESPACES = [
  'audit',
  ...new Set(Object.values(SCREEN_FIELDS).map((where) => where.split(':')[0]!)),
];

/**
 * A field of an audited record in the reader's words (`label`): its screen's label, else the
 * log's own, else the field as stored; a field inside a group (`product.price`) goes by its own
 * name. And its stored values in words where the screens have them (`value`).
 */
export const useFieldWords = () => {
  const { t, i18n } = useTranslation(NAMESPACES);
  const label = useCallback(
    (entity: string, field: string) => {
      const name = field.split('.').at(-1)!;
      const screen = SCREEN_FIELDS[entity];
      const keys = [`audit:fieldNames.${name}`];
      if (screen) keys.unshift(`${screen}.${name}`);
      const label = t(keys, { defaultValue: '' });
      return typeof label === 'string' && label !== '' ? label : field;
    },
    [t],
  );
  /** A stored value in words where its screen has them ("processing" → "Đang xử lý"), else itself. */
  const value = useCallback(
    (entity: string, field: string, stored: unknown) => {
      const key = `${entity}.${field}`;
      return isValueWordsKey(key) && isAppLanguage(i18n.language)
        ? valueWord(i18n.language, key, stored)
        : stored;
    },
    [i18n.language],
  );
  return { label, value };
};
