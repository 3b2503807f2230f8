import { type NamedSettingKey } from '@backoffice/shared/setting.schema';
import { z } from 'zod';
import { noParameters, publicRoute } from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import { readSettings } from './settings-reader';

/**
 * The settings a website renders. Notification emails, code syntaxes and personal options
 * are the back office's own and are not in this list, so they are never answered.
 */
export const PUBLIC_SETTING_KEYS = [
  'site_name',
  'site_description',
  'site_keywords',
  'site_logo',
  'site_logo_dark',
  'favicon',
  'site_email',
  'site_hotline',
  'social_facebook',
  'social_youtube',
  'social_zalo',
  'social_tiktok',
  'social_instagram',
  'social_twitter',
  'social_linkedin',
  'copyright',
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_tax_code',
  'company_representative',
  'header_script',
  'footer_script',
  'tracker',
  'money_unit',
] as const satisfies readonly NamedSettingKey[];

export const publicSettingsShape = z.object(
  Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, z.string().nullable()])) as Record<
    (typeof PUBLIC_SETTING_KEYS)[number],
    z.ZodNullable<z.ZodString>
  >,
);

export const settingsPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/settings',
    operationId: 'publicSettings',
    summary: 'The settings a website renders (name, logos, contacts, social links, scripts)',
    querystring: noParameters,
    params: noParameters,
    shape: publicSettingsShape,
    read: async ({ db }) => {
      const stored = await readSettings(db, PUBLIC_SETTING_KEYS);
      return Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, stored[key]]));
    },
  });
};
