import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const mediaResource: ResourceDefinition = {
  name: 'media',
  section: 'media',
  permission: 'media.list',
  screens: [
    {
      paths: ['/media', '/media/media-library'],
      labelKey: 'layout:nav.media',
      page: lazy(() =>
        import('./pages/media-library-page').then((module) => ({
          default: module.MediaLibraryPage,
        })),
      ),
    },
  ],
};
