import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

const slidersPage = lazy(() =>
  import('./pages/sliders-page').then((module) => ({ default: module.SlidersPage })),
);

/** Appearance: sliders (menus join them here). */
export const appearanceResource: ResourceDefinition = {
  name: 'appearance',
  section: 'appearance',
  permission: 'sliders.list',
  screens: [
    { paths: ['/appearance/slider'], labelKey: 'appearance:nav.sliders', page: slidersPage },
  ],
};

/**
 * The same screen at a Settings path too, where staff also look for it; the sidebar shows it once, under
 * Appearance (two entries of one screen read as two different things).
 */
export const appearanceSettingsResource: ResourceDefinition = {
  name: 'appearance-settings',
  section: 'settings',
  permission: 'sliders.list',
  screens: [
    {
      paths: ['/settings/slider'],
      labelKey: 'appearance:nav.sliders',
      nav: false,
      page: slidersPage,
    },
  ],
};

export const widgetsResource: ResourceDefinition = {
  name: 'widgets',
  section: 'widgets',
  permission: 'widgets.list',
  screens: [
    {
      paths: ['/widgets', '/widgets/manager'],
      labelKey: 'appearance:nav.widgets',
      page: lazy(() =>
        import('./pages/widgets-page').then((module) => ({ default: module.WidgetsPage })),
      ),
    },
    {
      paths: ['/widgets/:type'],
      labelKey: 'appearance:nav.widgetType',
      nav: false,
      page: lazy(() =>
        import('./pages/widget-type-page').then((module) => ({ default: module.WidgetTypePage })),
      ),
    },
  ],
};
