import { completeFeatures, type PostType } from '@backoffice/shared/post-type.schema';
import { describe, expect, it } from 'vitest';
import { postTypeNavGroups } from './nav';

const type = (overrides: Partial<PostType>): PostType => ({
  id: 7,
  style: 'article',
  sort: 0,
  title: 'Tin tức',
  slug: 'tin-tuc',
  image: null,
  description: null,
  sitemap: true,
  features: completeFeatures(undefined),
  custom_fields: [],
  created_at: '',
  updated_at: '',
  ...overrides,
});

describe('the Posts section of the sidebar', () => {
  it('gives each type its own group with the entries its features enable, under their renamed names', () => {
    const [group] = postTypeNavGroups([
      type({
        features: completeFeatures([
          { key: 'category', name: 'Chuyên mục', enabled: true },
          { key: 'fields', name: null, enabled: true },
        ]),
      }),
    ]);
    expect(group!.label).toEqual({ text: 'Tin tức' });
    expect(group!.links.map((link) => [link.path, link.label])).toEqual([
      ['/posts/all-posts/7', { key: 'content:nav.all.article' }],
      ['/posts/add-new-post/7', { key: 'content:nav.add.article' }],
      ['/posts/post-category/7', { text: 'Chuyên mục' }],
      ['/posts/data-group/7', { key: 'content:features.fields' }],
    ]);
    // A product type's entries say products; its orders are in the Sales section, once.
    const product = postTypeNavGroups([type({ id: 8, style: 'product' })])[0]!;
    expect(product.links.slice(0, 2).map((link) => link.label)).toEqual([
      { key: 'content:nav.all.product' },
      { key: 'content:nav.add.product' },
    ]);
    expect(product.links.map((link) => link.path)).not.toContain('/posts/product/order/8');
  });
});
