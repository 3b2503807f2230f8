import { completeFeatures, type PostType } from '@backoffice/shared/post-type.schema';
import { describe, expect, it } from 'vitest';
import { postTypeNavGroups } from '../../features/content/nav';
import { allows } from '../../lib/permissions';
import { RESOURCES } from '../resources';
import { SECTIONS } from '../sections';
import { selectedFor, visibleNav } from './nav-items';

const canWith = (keys: string[]) => {
  const held = new Set(keys);
  return (rule: Parameters<typeof allows>[1]) => allows(held, rule);
};

describe('the sidebar from the resources table', () => {
  it('hides what the user may not use', () => {
    const none = visibleNav(SECTIONS, RESOURCES, canWith([])).map((entry) => entry.section.key);
    expect(none).toContain('dashboard');
    expect(none).not.toContain('languages');
    expect(none).not.toContain('settings');
    const some = visibleNav(
      SECTIONS,
      RESOURCES,
      canWith(['manage-languages', 'manage-redirects']),
    ).map((entry) => entry.section.key);
    expect(some).toEqual(expect.arrayContaining(['dashboard', 'languages', 'settings']));
  });

  it('keeps the spec order and selects the screen of a path', () => {
    const entries = visibleNav(SECTIONS, RESOURCES, () => true);
    const order = SECTIONS.map((section) => section.key);
    const keys = entries.map((entry) => entry.section.key);
    expect([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(keys);
    expect(selectedFor(entries, '/languages')).toEqual({
      key: '/languages/manager',
      section: 'section:languages',
    });
    expect(selectedFor(entries, '/settings/redirect/')).toEqual({
      key: '/settings/redirect',
      section: 'section:settings',
    });
    expect(selectedFor(entries, '/')).toEqual({ key: '/dashboard', section: 'section:dashboard' });
    expect(selectedFor(entries, '/nowhere')).toEqual({});
  });

  it('draws a count beside an entry only for those who may see it', () => {
    const pending = (keys: string[]) =>
      visibleNav(SECTIONS, RESOURCES, canWith(keys))
        .flatMap((entry) => entry.screens)
        .find((screen) => screen.paths.includes('/posts/pending'));
    expect(pending(['posts.list'])).toBeDefined();
    expect(pending(['posts.list'])?.badge).toBeUndefined();
    expect(pending(['posts.list', 'posts.approve'])?.badge?.permission).toBe('posts.approve');
  });

  it('declares every route path once', () => {
    const paths = RESOURCES.flatMap((resource) =>
      resource.screens.flatMap((screen) => screen.paths),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  const type: PostType = {
    id: 7,
    style: 'product',
    sort: 0,
    title: 'Cà phê',
    slug: 'ca-phe',
    image: null,
    description: null,
    sitemap: true,
    features: completeFeatures(undefined),
    custom_fields: [],
    created_at: '',
    updated_at: '',
  };

  it('keeps only links to registered screens the user may open', () => {
    const groups = postTypeNavGroups([type]);
    const all = visibleNav(SECTIONS, RESOURCES, () => true, [{ section: 'posts', groups }]);
    const posts = all.find((entry) => entry.section.key === 'posts')!;
    const paths = posts.groups[0]!.links.map((link) => link.path);
    expect(paths).toContain('/posts/post-category/7');
    // Screens no resource registers (yet) are left out.
    for (const path of paths)
      expect(
        RESOURCES.some((resource) =>
          resource.screens.some((screen) =>
            screen.paths.some((p) => p.split('/')[2] === path.split('/')[2]),
          ),
        ),
      ).toBe(true);
    const onlyCategories = visibleNav(
      SECTIONS,
      RESOURCES,
      (rule) => rule === 'categories.list' || rule === undefined,
      [{ section: 'posts', groups }],
    );
    expect(
      onlyCategories
        .find((entry) => entry.section.key === 'posts')!
        .groups[0]!.links.map((link) => link.path),
    ).toEqual(['/posts/post-category/7']);
  });
});
