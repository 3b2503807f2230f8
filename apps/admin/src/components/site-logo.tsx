import type { CSSProperties } from 'react';
import type { SiteInfo } from '../lib/site';

/**
 * The logo for the theme shown: the dark one on a dark background. Without a dark logo the
 * light one is drawn on a light plate of its own: a logo made for white (dark letters) would
 * otherwise vanish on the dark background.
 */
export const siteLogoFor = (site: SiteInfo | undefined, dark: boolean) => {
  if (dark && site?.site_logo_dark) return { src: site.site_logo_dark, plate: false };
  if (site?.site_logo) return { src: site.site_logo, plate: dark };
  return null;
};

export const SiteLogo = ({
  site,
  dark,
  alt = '',
  style,
}: {
  site: SiteInfo | undefined;
  dark: boolean;
  alt?: string;
  /** The picture's size (`{ height: 28 }`, `{ width: 125 }`). */
  style: CSSProperties;
}) => {
  const logo = siteLogoFor(site, dark);
  if (!logo) return null;
  return (
    <img
      src={logo.src}
      alt={alt}
      data-testid="site-logo"
      data-plate={logo.plate ? 'light' : undefined}
      style={{
        height: 'auto',
        width: 'auto',
        ...style,
        ...(logo.plate
          ? { background: '#ffffff', padding: '2px 6px', borderRadius: 6, boxSizing: 'content-box' }
          : {}),
      }}
    />
  );
};
