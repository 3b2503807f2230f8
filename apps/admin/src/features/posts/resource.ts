import { firstListPage } from '../../components/resource-list/list-page-query';
import { lazyPage, type ResourceDefinition, type ScreenAddress } from '../../lib/resource';
import { pendingCountQuery, postsApi, postTypesApi } from './api/posts-api';
import { POSTS_LIST_SORT } from './posts-list-defaults';

// Loaded with the sidebar, not with the sign-in screen.
const PendingBadge = lazyPage(
  () => import('./components/pending-badge'),
  (module) => module.PendingBadge,
);

const listPage = lazyPage(
  () => import('./pages/posts-list-page'),
  (module) => module.PostsListPage,
);
const editorPage = lazyPage(
  () => import('./pages/post-editor-page'),
  (module) => module.PostEditorPage,
);

/** A type's list asks for the type (its features name the filters) and its first page of posts. */
const prefetchList = ({ params, search }: ScreenAddress) => {
  const typeId = Number(params.typeID);
  if (!(typeId > 0)) return [];
  const page = firstListPage(search, {
    baseParams: { type_id: typeId },
    defaultSort: POSTS_LIST_SORT,
  });
  return [
    { queryKey: postTypesApi.keys.item(typeId), queryFn: () => postTypesApi.get(typeId) },
    ...(page ? [{ queryKey: postsApi.keys.list(page), queryFn: () => postsApi.list(page) }] : []),
  ];
};

/** Posts of each type: the list, the editor for a new post and for an existing one. */
export const postsResource: ResourceDefinition = {
  name: 'posts',
  section: 'posts',
  permission: 'posts.list',
  screens: [
    {
      paths: ['/posts/pending'],
      labelKey: 'posts:nav.pending',
      badge: { component: PendingBadge, permission: 'posts.approve', query: pendingCountQuery },
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
      prefetch: prefetchList,
    },
    {
      paths: ['/posts/add-new-post/:typeID'],
      labelKey: 'posts:editor.newTitlePlain',
      permission: 'posts.create',
      nav: false,
      page: editorPage,
    },
    {
      // Whoever may list posts opens one: to edit it, or read-only without `posts.update`.
      paths: ['/posts/edit/:typeID/:postID'],
      labelKey: 'posts:editor.editTitlePlain',
      nav: false,
      page: editorPage,
    },
  ],
};
