import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

const menusPage = lazy(() =>
  import('./pages/menus-page').then((module) => ({ default: module.MenusPage })),
);

/** The menu editor under Appearance. */
export const menusResource: ResourceDefinition = {
  name: 'menus',
  section: 'appearance',
  permission: 'menus.list',
  screens: [{ paths: ['/appearance/menu'], labelKey: 'menus:nav', page: menusPage }],
};

/** The same editor under Settings too: staff look for the menus among the site's settings as well. */
export const menusSettingsResource: ResourceDefinition = {
  name: 'menus-settings',
  section: 'settings',
  permission: 'menus.list',
  // The sidebar shows the menus once, under Appearance; this path stays for links to it.
  screens: [{ paths: ['/settings/menu'], labelKey: 'menus:nav', nav: false, page: menusPage }],
};
