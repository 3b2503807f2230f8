import { VALUE_WORDS, type ValueWordsKey } from '@backoffice/shared/value-words';

type Tree = Record<string, unknown>;

/**
 * Where the screens read the words of a field's stored values (`namespace` → `path` → field):
 * `t('commerce:orders.statuses.delivered')`. The words themselves are the API's too
 * (`@backoffice/shared/value-words`), so a spreadsheet says what the screen says.
 */
const WORDS_IN_NAMESPACES: Readonly<Record<string, Readonly<Record<string, ValueWordsKey>>>> = {
  comments: { statuses: 'comment.status' },
  commerce: {
    'discounts.phases': 'discount.phase',
    'discounts.statuses': 'discount.status',
    'discounts.types': 'discount.config.type',
    'orders.statuses': 'order.status',
  },
  content: { 'groups.styles': 'group.style', styles: 'post_type.style' },
  feedback: { statuses: 'feedback.status' },
  payments: { methods: 'order.payment_method', statuses: 'order.payment_status' },
  posts: { status: 'post.status' },
  users: { gender: 'user.gender', status: 'user.status' },
  warehouse: {
    'slips.statuses': 'warehouse_change.status',
    'slips.styles': 'warehouse_change.style',
  },
};

/** A namespace's texts with the value words it shows put in at their paths. */
export const withValueWords = (language: string, namespace: string, texts: Tree): Tree => {
  const places = WORDS_IN_NAMESPACES[namespace];
  if (!places || !(language === 'vi' || language === 'en' || language === 'ja')) return texts;
  const merged: Tree = structuredClone(texts);
  for (const [path, key] of Object.entries(places)) {
    const parts = path.split('.');
    const leaf = parts.pop()!;
    let node = merged;
    for (const part of parts) node = (node[part] ??= {}) as Tree;
    node[leaf] = { ...VALUE_WORDS[key][language] };
  }
  return merged;
};
