import { postsApi } from '../../../lib/api/posts';
import type { FieldOption, OptionsSource } from '../../../lib/options';

/** What an order form needs of a post of product style (GET /posts). */
export type ProductPost = {
  id: number;
  title: string;
  product?: { code?: string | null; price?: number | null; discount_id?: number | null } | null;
};

/** A product line as an order keeps it: what it was sold as. */
export type SoldLine = { post_id: number; title: string; code: string | null; price: number };

const named = (title: string, code: string | null | undefined) =>
  code ? `${title} (${code})` : title;

/**
 * Products of one post type (of every product type when none is given: the Sales section's
 * orders), searched on the server as one types; each shows its code and
 * price (`money` prints it as the shop does). `sold`: the lines of the order being edited,
 * shown as they were sold (at their sold price) even when the product has changed or gone.
 */
export const productOptions = (
  typeId: string | undefined,
  money: (amount: number) => string,
  sold: readonly SoldLine[] = [],
): OptionsSource => {
  const which = typeId ? { type_id: typeId } : { style: 'product' };
  return {
    key: postsApi.keys.listView('product-options', which),
    remoteSearch: true,
    known: sold.map((line): FieldOption => ({
      value: line.post_id,
      label: `${named(line.title, line.code)} · ${money(line.price)}`,
    })),
    load: (search, signal) =>
      postsApi.list({ ...which, limit: 20, search: search || undefined }, signal).then((response) =>
        response.data.map((post): FieldOption => {
          const price = post.product?.price;
          const label = named(post.title, post.product?.code);
          return { value: post.id, label: price == null ? label : `${label} · ${money(price)}` };
        }),
      ),
  };
};
