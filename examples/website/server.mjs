import { createServer } from 'node:http';
import { createApi } from './api.mjs';
import { esc } from './html.mjs';
import { categoryView, homeView, layout, notFoundView, postView } from './views.mjs';

/**
 * An example website run on the back office's public delivery API alone:
 *   BACKOFFICE_URL=http://127.0.0.1:3000 PORT=4000 node examples/website/server.mjs
 */
const BACKOFFICE_URL = process.env.BACKOFFICE_URL ?? 'http://127.0.0.1:3000';
const PORT = Number(process.env.PORT ?? 4000);
const HOST = process.env.HOST ?? '127.0.0.1';
const PER_PAGE = Number(process.env.PER_PAGE ?? 12);

const api = createApi(BACKOFFICE_URL);

const findCategory = (tree, slug) => {
  for (const node of tree ?? []) {
    if (node.slug === slug) return node;
    const below = findCategory(node.children, slug);
    if (below) return below;
  }
  return null;
};

/** What a page needs: its body and SEO, or `null` when the back office has no such page. */
const route = async (url) => {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) {
    const [slider, latest, seo] = await Promise.all([
      api.slider('home'),
      api.posts({ limit: 8 }),
      api.seo('/'),
    ]);
    return {
      seo: seo ?? {},
      body: (site) => homeView({ slider, latest: latest?.data ?? [], site, asset: api.asset }),
    };
  }
  if (parts.length === 3 && parts[1] === 'category') {
    const [type, , slug] = parts;
    const requested = Number(url.searchParams.get('page') ?? 1);
    const pageNumber = Number.isInteger(requested) && requested > 0 ? requested : 1;
    const [tree, page, seo] = await Promise.all([
      api.categories(type),
      api.posts({ type, category: slug, page: pageNumber, limit: PER_PAGE }),
      api.seo(url.pathname),
    ]);
    const category = findCategory(tree, slug);
    if (!category || !page) return null;
    return {
      seo: { title: category.title, description: category.description, ...seo },
      body: (site) => categoryView({ type, category, page, site }),
    };
  }
  if (parts.length === 2) {
    const [type, slug] = parts;
    const [post, record] = await Promise.all([api.post(type, slug), api.seo(url.pathname)]);
    if (!post) return null;
    // The post's own SEO first, then the SEO record of its address, then its title.
    const seo = {
      title: post.seo?.title || record?.title || post.title,
      description: post.seo?.description || record?.description || post.description,
      keywords: post.seo?.keywords?.length ? post.seo.keywords : record?.keywords,
      image: api.asset(post.seo?.image || record?.image || post.avatar),
      canonical: record?.canonical,
    };
    return { seo, body: (site) => postView({ post, site }) };
  }
  return null;
};

const send = (response, status, html, headers = {}) => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  response.end(html);
};

const server = createServer(async (request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return send(response, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
  const url = new URL(request.url ?? '/', 'http://website');
  try {
    const [page, site, menu, footer] = await Promise.all([
      route(url).catch((error) => (error instanceof URIError ? null : Promise.reject(error))),
      api.settings(),
      api.menu('main'),
      api.widget('footer'),
    ]);
    if (!page) {
      // A page that moved: the back office follows the redirect chain to its end.
      const moved = await api.redirect(url.pathname);
      if (moved?.destination)
        return send(response, moved.code ?? 301, '', { location: moved.destination });
      return send(
        response,
        404,
        layout({
          site,
          menu,
          footer,
          asset: api.asset,
          seo: { title: 'Không tìm thấy' },
          body: notFoundView(),
        }),
      );
    }
    send(
      response,
      200,
      layout({ site, menu, footer, asset: api.asset, seo: page.seo, body: page.body(site) }),
    );
  } catch (error) {
    console.error(error);
    send(
      response,
      502,
      `<!doctype html><title>Lỗi</title><p>${esc('Không đọc được nội dung, vui lòng thử lại sau.')}</p>`,
    );
  }
});

server.listen(PORT, HOST, () => {
  console.log(`Website on http://${HOST}:${PORT} reading ${BACKOFFICE_URL}`);
});
