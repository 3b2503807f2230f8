import type { Db } from '../../db/connection';
import '../posts/posts.table';

/** What an order needs to know of a product when it is sold. */
export type CatalogProduct = {
  id: number;
  code: string | null;
  title: string;
  image: string | null;
  price: number;
  /** Its price per agency id, where one is set. */
  agencyPrices: Readonly<Record<number, number>>;
  discountId: number | null;
};

/**
 * Where orders read products. The posts area provides the real one (posts of product style:
 * `product.price`, `product.agency_prices`, `product.discount_id`); `find` answers only the ids
 * that name a product, and the order refuses the others by line.
 */
export type ProductCatalog = {
  find: (db: Db, ids: readonly number[]) => Promise<Map<number, CatalogProduct>>;
};

/** Until products exist, no id names one: every order line is refused as unknown. */
export const noProductCatalog: ProductCatalog = { find: async () => new Map() };

/**
 * Products are posts of product style: their code, title, featured image, price, discount and
 * the prices of the agencies that have one. Any status sells, since staff take orders for
 * products that are not (or no longer) shown on the site.
 */
export const postsProductCatalog: ProductCatalog = {
  find: async (db, ids) => {
    const products = new Map<number, CatalogProduct>();
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return products;
    const rows = await db
      .selectFrom('posts')
      .select(['id', 'product_code', 'title', 'avatar', 'price', 'discount_id'])
      .where('style', '=', 'product')
      .where('id', 'in', wanted)
      .execute();
    if (rows.length === 0) return products;
    const prices = await db
      .selectFrom('post_agency_prices')
      .select(['post_id', 'agency_id', 'price'])
      .where(
        'post_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('position')
      .execute();
    const agencyPrices = new Map<number, Record<number, number>>();
    for (const price of prices) {
      const byAgency = agencyPrices.get(Number(price.post_id)) ?? {};
      // The first row of an agency wins, as the editor lists it first.
      byAgency[Number(price.agency_id)] ??= Number(price.price);
      agencyPrices.set(Number(price.post_id), byAgency);
    }
    for (const row of rows)
      products.set(Number(row.id), {
        id: Number(row.id),
        code: row.product_code,
        title: row.title,
        image: row.avatar,
        price: Number(row.price),
        agencyPrices: agencyPrices.get(Number(row.id)) ?? {},
        discountId: row.discount_id == null ? null : Number(row.discount_id),
      });
    return products;
  },
};
