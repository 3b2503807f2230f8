import type { PostDetail } from '@backoffice/shared/post.schema';
import { describe, expect, it } from 'vitest';
import { holdsData } from './kept-boxes';

const post = (values: Partial<PostDetail>) =>
  ({
    images: [],
    contents: [],
    category_ids: [],
    group_ids: [],
    related_ids: [],
    trademark_id: null,
    seo: { title: null, image: null, description: null, keywords: [], links: [] },
    fields: {},
    ...values,
  }) as unknown as PostDetail;

describe('which boxes a post still fills in', () => {
  it('counts what a reader would see, not empty shells', () => {
    const empty = post({});
    for (const feature of ['images', 'contents', 'seo', 'fields', 'related', 'trademark'] as const)
      expect(holdsData(empty, feature), feature).toBe(false);
    expect(holdsData(post({ seo: { keywords: ['cà phê'] } as PostDetail['seo'] }), 'seo')).toBe(
      true,
    );
    expect(holdsData(post({ fields: { origin: '' } }), 'fields')).toBe(false);
    expect(holdsData(post({ fields: { origin: 'Đà Lạt' } }), 'fields')).toBe(true);
    expect(holdsData(post({ fields: { weight: 0 } }), 'fields')).toBe(true);
    expect(holdsData(post({ trademark_id: 4 }), 'trademark')).toBe(true);
    expect(holdsData(post({ images: ['/a.jpg'] }), 'images')).toBe(true);
  });

  it('has nothing to keep for a new post or a feature without a box', () => {
    expect(holdsData(undefined, 'contents')).toBe(false);
    expect(holdsData(post({ images: ['/a.jpg'] }), 'comments')).toBe(false);
  });
});
