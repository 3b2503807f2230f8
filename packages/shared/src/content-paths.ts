/**
 * Where the website shows a type, its categories, groups and posts. The API keeps a 301
 * from the old path when a slug changes, so links shared before keep working; everything of a
 * type lives under its path, so a type's new slug moves it all with one section redirect.
 */
export const typePath = (typeSlug: string) => `/${typeSlug}`;
export const categoryPath = (typeSlug: string, slug: string) => `/${typeSlug}/category/${slug}`;
export const groupPath = (typeSlug: string, slug: string) => `/${typeSlug}/group/${slug}`;
export const trademarkPath = (typeSlug: string, slug: string) => `/${typeSlug}/trademark/${slug}`;
export const postPath = (typeSlug: string, slug: string) => `/${typeSlug}/${slug}`;
