import { z } from 'zod';

/** `GET /health`: the database answers. */
export const healthSchema = z.object({ status: z.literal('ok') });

/**
 * `GET /site` (public): what the admin shows before sign-in (the loading screen's logo, the
 * page-title suffix), and the money unit every screen prints.
 */
export const siteSchema = z.object({
  site_name: z.string(),
  site_logo: z.string().nullable(),
  site_logo_dark: z.string().nullable(),
  favicon: z.string().nullable(),
  /** Printed after amounts; '' prints the plain number. */
  money_unit: z.string(),
  site_url: z
    .string()
    .nullable()
    .describe("The public website's origin (SITE_URL): where the editor opens previews"),
});

export type SiteInfo = z.infer<typeof siteSchema>;
