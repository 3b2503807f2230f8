/**
 * The back office's public delivery API, and nothing else: no token, no database. Every read
 * answers `null` for a 404 so a page can decide what is missing; any other failure throws.
 */
export const createApi = (backOfficeUrl) => {
  const base = `${backOfficeUrl.replace(/\/+$/, '')}/api/v1/public`;

  const get = async (path, query = {}) => {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== null && value !== '')
        url.searchParams.set(key, String(value));
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`GET ${url.pathname}${url.search}: ${response.status}`);
    return response.json();
  };
  const data = async (path, query) => (await get(path, query))?.data ?? null;

  return {
    /** Turns a stored path (`/api/v1/media/...`) into an address the browser can load. */
    asset: (path) =>
      typeof path === 'string' && path.startsWith('/')
        ? `${backOfficeUrl.replace(/\/+$/, '')}${path}`
        : path,
    settings: () => data('/settings'),
    menu: (key) => data(`/menus/${encodeURIComponent(key)}`, { viewer: 'guest' }),
    slider: (key) => data(`/sliders/${encodeURIComponent(key)}`),
    widget: (key) => data(`/widgets/${encodeURIComponent(key)}`),
    categories: (type) => data('/categories', { type }),
    /** A page of posts with its pagination (`meta.pagination`). */
    posts: (query) => get('/posts', query),
    post: (type, slug) => data(`/posts/${encodeURIComponent(type)}/${encodeURIComponent(slug)}`),
    seo: (url) => data('/seo', { url }),
    redirect: (path) => data('/redirects/resolve', { path }),
  };
};
