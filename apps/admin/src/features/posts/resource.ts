import { lazy } from 'react';
import { lazyPage, type ResourceDefinition } from '../../lib/resource';

// Loaded with the sidebar, not with the sign-in screen.
const PendingBadge = lazy(() =>
  import('./components/pending-badge').then((module) => ({ default: module.PendingBadge })),
);

const listPage = lazyPage(
  () => import('./pages/posts-list-page'),
  (module) => module.PostsListPage,
);
const editorPage = lazyPage(
  () => import('./pages/post-editor-page'),
  (module) => module.PostEditorPage,
);

/** Posts of each type: the list, the editor for a new post and for an existing one. */
export const postsResource: ResourceDefinition = {
  name: 'posts',
  section: 'posts',
  permission: 'posts.list',
  screens: [
    {
      paths: ['/posts/pending'],
      labelKey: 'posts:nav.pending',
      badge: PendingBadge,
      page: lazyPage(
        () => import('./pages/posts-list-page'),
        (module) => module.PendingPostsPage,
      ),
      namespaces: ['content'],
    },
    {
      paths: ['/posts/all-posts/:typeID', '/posts/:typeID'],
      labelKey: 'posts:list.titlePlain',
      nav: false,
      page: listPage,
      namespaces: ['content'],
    },
    {
      paths: ['/posts/add-new-post/:typeID'],
      labelKey: 'posts:editor.newTitlePlain',
      permission: 'posts.create',
      nav: false,
      page: editorPage,
    },
    {
      paths: ['/posts/edit/:typeID/:postID'],
      labelKey: 'posts:editor.editTitlePlain',
      permission: 'posts.update',
      nav: false,
      page: editorPage,
    },
  ],
};
