import type { PostType } from '@backoffice/shared/post-type.schema';
import type { TFunction } from 'i18next';

export type PostScreen = 'list' | 'new' | 'edit' | 'read';

/**
 * A post screen's title names its type: "Sửa sản phẩm: Cà phê". A type named as its kind is
 * (most shops call their one product type "Sản phẩm") is not said twice: "Sửa sản phẩm", not
 * "Sửa sản phẩm: Sản phẩm". `styles.<style>.names` lists, in the admin's language, the names
 * that say nothing more than the kind, separated by "|".
 */
export const postScreenTitle = (
  t: TFunction,
  style: PostType['style'],
  screen: PostScreen,
  typeTitle: string,
) => {
  const words = `styles.${style}`;
  const spoken = typeTitle.normalize('NFC').trim().toLocaleLowerCase();
  const names = t(`${words}.names`).split('|');
  return names.includes(spoken)
    ? t(`${words}.${screen}Plain`)
    : t(`${words}.${screen}`, { type: typeTitle });
};
