import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

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

/** Where a field's stored values are put in words (`entity.field` → `namespace:prefix`). */
const VALUE_WORDS: Readonly<Record<string, string>> = {
  'comment.status': 'comments:statuses',
  'discount.status': 'commerce:discounts.statuses',
  'feedback.status': 'feedback:statuses',
  'group.style': 'content:groups.styles',
  'order.status': 'commerce:orders.statuses',
  'order.payment_method': 'payments:methods',
  'order.payment_status': 'payments:statuses',
  'post.status': 'posts:status',
  'post_type.style': 'content:styles',
  'user.gender': 'users:gender',
  'user.status': 'users:status',
  'warehouse_change.status': 'warehouse:slips.statuses',
  'warehouse_change.style': 'warehouse:slips.styles',
};

const NAMESPACES = [
  'audit',
  ...new Set(
    [...Object.values(SCREEN_FIELDS), ...Object.values(VALUE_WORDS)].map(
      (where) => where.split(':')[0]!,
    ),
  ),
];

/**
 * A field of an audited record in the reader's words (`label`): its screen's label, else the
 * log's own, else the field as stored; a field inside a group (`product.price`) goes by its own
 * name. And its stored values in words where the screens have them (`value`).
 */
export const useFieldWords = () => {
  const { t } = useTranslation(NAMESPACES);
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
      const words = VALUE_WORDS[`${entity}.${field}`];
      if (!words || typeof stored !== 'string') return stored;
      const text = t(`${words}.${stored}`, { defaultValue: '' });
      return typeof text === 'string' && text !== '' ? text : stored;
    },
    [t],
  );
  return { label, value };
};
