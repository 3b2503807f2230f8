import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const feedbackResource: ResourceDefinition = {
  name: 'feedback',
  section: 'feedback',
  permission: 'feedback.list',
  screens: [
    {
      paths: ['/feedback', '/feedback/manager'],
      labelKey: 'layout:nav.feedback',
      page: lazy(() =>
        import('./pages/feedback-page').then((module) => ({ default: module.FeedbackPage })),
      ),
    },
  ],
};
