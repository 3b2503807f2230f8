import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

const pages = () => import('./pages/settings-pages');
const page = (name: keyof Awaited<ReturnType<typeof pages>>) =>
  lazy(() => pages().then((module) => ({ default: module[name] })));

/** The settings screens (redirects and sliders have their own areas). */
export const settingsResource: ResourceDefinition = {
  name: 'settings',
  section: 'settings',
  permission: 'settings.list',
  screens: [
    {
      paths: ['/settings/general'],
      labelKey: 'settings:nav.general',
      page: page('GeneralSettingsPage'),
    },
    {
      paths: ['/settings/social'],
      labelKey: 'settings:nav.social',
      page: page('SocialSettingsPage'),
    },
    {
      paths: ['/settings/script'],
      labelKey: 'settings:nav.script',
      page: page('ScriptSettingsPage'),
      permission: 'settings.scripts',
    },
    {
      paths: ['/settings/company'],
      labelKey: 'settings:nav.company',
      page: page('CompanySettingsPage'),
    },
    {
      paths: ['/settings/copyright'],
      labelKey: 'settings:nav.copyright',
      page: page('CopyrightSettingsPage'),
    },
    { paths: ['/settings/email'], labelKey: 'settings:nav.email', page: page('EmailSettingsPage') },
    {
      paths: ['/settings/product'],
      labelKey: 'settings:nav.product',
      page: page('ProductSettingsPage'),
    },
    {
      paths: ['/settings/bank'],
      labelKey: 'settings:nav.bank',
      page: page('BankSettingsPage'),
    },
    {
      paths: ['/settings/dynamic'],
      labelKey: 'settings:nav.dynamic',
      page: page('DynamicSettingsPage'),
    },
  ],
};
