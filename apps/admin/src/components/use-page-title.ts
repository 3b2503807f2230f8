import { useEffect } from 'react';
import { FALLBACK_SITE_NAME, useSite } from '../lib/site';

/** Page titles end with the site name; the site's favicon when it has one. */
export const usePageTitle = (title: string | undefined) => {
  const { data: site } = useSite();
  const siteName = site?.site_name || FALLBACK_SITE_NAME;
  const favicon = site?.favicon;
  useEffect(() => {
    document.title = title ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link#favicon');
    // A favicon cleared in the settings goes back to none, not to the last one shown.
    if (link) link.href = favicon || 'data:,';
  }, [favicon]);
};
