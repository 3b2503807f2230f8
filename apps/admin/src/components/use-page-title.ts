import { useEffect } from 'react';
import { FALLBACK_SITE_NAME, useSite } from '../lib/site';

/** Page titles end with the site name (spec §2). */
export const usePageTitle = (title: string | undefined) => {
  const { data: site } = useSite();
  const siteName = site?.site_name || FALLBACK_SITE_NAME;
  useEffect(() => {
    document.title = title ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);
};
