import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { postScreenTitle } from './post-screen-title';

const tIn = async (language: string) => {
  await i18n.loadLanguages(language);
  await i18n.loadNamespaces('posts');
  return i18n.getFixedT(language, 'posts');
};

describe('a post screen’s title', () => {
  it('names the type after its kind', async () => {
    const t = await tIn('vi');
    expect(postScreenTitle(t, 'product', 'edit', 'Cà phê')).toBe('Sửa sản phẩm: Cà phê');
    expect(postScreenTitle(t, 'article', 'list', 'Tin tức')).toBe('Bài viết: Tin tức');
  });

  it('does not say the kind twice when the type is named as it', async () => {
    const vi = await tIn('vi');
    expect(postScreenTitle(vi, 'product', 'list', 'Sản phẩm')).toBe('Sản phẩm');
    expect(postScreenTitle(vi, 'product', 'edit', ' sản phẩm ')).toBe('Sửa sản phẩm');
    // typed with combining marks (another Unicode form of the same words)
    expect(postScreenTitle(vi, 'course', 'new', 'Khóa học'.normalize('NFD'))).toBe('Thêm khóa học');
    expect(postScreenTitle(vi, 'article', 'read', 'Bài viết')).toBe('Xem bài viết');
    const en = await tIn('en');
    expect(postScreenTitle(en, 'product', 'list', 'Products')).toBe('Products');
    expect(postScreenTitle(en, 'product', 'list', 'Sản phẩm')).toBe('Products: Sản phẩm');
    const ja = await tIn('ja');
    expect(postScreenTitle(ja, 'product', 'edit', '商品')).toBe('商品の編集');
  });
});
