import { createResourceApi } from '../../../lib/resource-api';
import type { FieldOption, OptionsSource } from '../../../lib/options';

/** What an order form needs of a post of product style (GET /posts). */
export type ProductPost = {
  id: number;
  title: string;
  product?: { code?: string | null; price?: number | null; discount_id?: number | null } | null;
};

const postsApi = createResourceApi<ProductPost>('/posts');

/** Prices seen while picking, for the live totals (the server prices the saved order). */
export const seenProducts = new Map<number, ProductPost>();

/**
 * Products of one post type, searched on the server as one types; each shows its code and
 * price (`money` prints it as the shop does).
 */
export const productOptions = (
  typeId: string | undefined,
  money: (amount: number) => string,
): OptionsSource => ({
  key: ['/posts', 'list', { type_id: typeId }, 'product-options'],
  remoteSearch: true,
  load: (search, signal) =>
    postsApi
      .list({ type_id: typeId, limit: 20, search: search || undefined }, signal)
      .then((response) =>
        response.data.map((post): FieldOption => {
          seenProducts.set(post.id, post);
          const named = post.product?.code ? `${post.title} (${post.product.code})` : post.title;
          const price = post.product?.price;
          return { value: post.id, label: price == null ? named : `${named} · ${money(price)}` };
        }),
      ),
});
