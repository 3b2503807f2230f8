import type { FeatureKey, PostType } from '@backoffice/shared/post-type.schema';
import type { DynamicNavGroup, DynamicNavLink, NavLabel } from '../../lib/resource';

/** The name a type gives a feature, else the usual one in the reader's language. */
export const featureLabel = (type: PostType, key: FeatureKey): NavLabel => {
  const name = type.features.find((feature) => feature.key === key)?.name;
  return name ? { text: name } : { key: `content:features.${key}` };
};

const enabled = (type: PostType, key: FeatureKey) =>
  type.features.some((feature) => feature.key === key && feature.enabled);

/**
 * One sidebar group per post type, under its own title: its posts, and the screens its
 * features enable. Orders and discounts are not per type: the Sales section holds them once.
 * Links to screens that are not registered yet are dropped by the sidebar.
 */
export const postTypeNavGroups = (types: readonly PostType[]): DynamicNavGroup[] =>
  types.map((type) => {
    const links: DynamicNavLink[] = [
      // A product type lists products, a course type courses: each says so in its own words.
      { path: `/posts/all-posts/${type.id}`, label: { key: `content:nav.all.${type.style}` } },
      { path: `/posts/add-new-post/${type.id}`, label: { key: `content:nav.add.${type.style}` } },
    ];
    if (enabled(type, 'category'))
      links.push({
        path: `/posts/post-category/${type.id}`,
        label: featureLabel(type, 'category'),
      });
    if (enabled(type, 'group'))
      links.push({ path: `/posts/article-group/${type.id}`, label: featureLabel(type, 'group') });
    if (enabled(type, 'trademark'))
      links.push({
        path: `/posts/trademark-group/${type.id}`,
        label: featureLabel(type, 'trademark'),
      });
    if (enabled(type, 'fields'))
      links.push({ path: `/posts/data-group/${type.id}`, label: featureLabel(type, 'fields') });
    return { key: `type-${type.id}`, label: { text: type.title }, links };
  });
