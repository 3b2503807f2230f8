import { useQuery } from '@tanstack/react-query';
import { getSite, getSiteQueryOptions, type SiteInfo } from './api/site';

export { getSite, getSiteQueryOptions, type SiteInfo };

export const FALLBACK_SITE_NAME = 'Back office';

export const useSite = () => useQuery(getSiteQueryOptions());
