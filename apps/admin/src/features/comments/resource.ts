import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const commentsResource: ResourceDefinition = {
  name: 'comments',
  section: 'comments',
  permission: 'comments.list',
  screens: [
    {
      paths: ['/comment', '/comment/manager'],
      labelKey: 'layout:nav.comments',
      page: lazy(() =>
        import('./pages/comments-page').then((module) => ({ default: module.CommentsPage })),
      ),
    },
  ],
};

export const ratingsResource: ResourceDefinition = {
  name: 'ratings',
  section: 'ratings',
  permission: 'ratings.list',
  screens: [
    {
      paths: ['/rating', '/rating/manager'],
      labelKey: 'layout:nav.ratings',
      page: lazy(() =>
        import('./pages/ratings-page').then((module) => ({ default: module.RatingsPage })),
      ),
    },
  ],
};
