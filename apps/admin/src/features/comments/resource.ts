import { lazy } from 'react';
import { lazyPage, type ResourceDefinition } from '../../lib/resource';
import { pendingCommentsQuery } from './api/comments-api';

// Loaded with the sidebar, not with the sign-in screen.
const PendingCommentsBadge = lazyPage(
  () => import('./components/pending-comments-badge'),
  (module) => module.PendingCommentsBadge,
);

export const commentsResource: ResourceDefinition = {
  name: 'comments',
  section: 'comments',
  permission: 'comments.list',
  screens: [
    {
      paths: ['/comment', '/comment/manager'],
      labelKey: 'layout:nav.comments',
      badge: {
        component: PendingCommentsBadge,
        permission: 'comments.update',
        query: pendingCommentsQuery,
      },
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
