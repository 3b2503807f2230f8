import { esc, href, money, plainText } from './html.mjs';

const menuItems = (items) =>
  items.length === 0
    ? ''
    : `<ul>${items
        .map(
          (item) =>
            `<li><a href="${href(item.path ?? item.url)}"${
              item.target === '_blank' ? ' target="_blank" rel="noopener"' : ''
            }>${esc(item.title)}</a>${menuItems(item.children ?? [])}</li>`,
        )
        .join('')}</ul>`;

/** A widget's value: each field the staff filled in, as a line of text. */
const widgetBlock = (widget) => {
  if (!widget) return '';
  const value = widget.value && typeof widget.value === 'object' ? widget.value : {};
  const lines = Object.entries(value)
    .filter(([, text]) => typeof text === 'string' || typeof text === 'number')
    .map(([key, text]) => `<p data-field="${esc(key)}">${esc(text)}</p>`)
    .join('');
  return `<section class="widget"><h2>${esc(widget.title)}</h2>${lines}</section>`;
};

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#222}
header,footer,main{padding:1rem 2rem}header{background:#1f3a5f;color:#fff}
header a{color:#fff}nav ul{list-style:none;display:flex;gap:1.5rem;margin:0;padding:0}
nav ul ul{display:none}.slides{display:flex;gap:1rem;overflow-x:auto}
.slide{min-width:240px;background:#eef3f8;padding:1rem;border-radius:8px}.slide img{max-width:100%}
.posts{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:1rem;list-style:none;padding:0}
.posts li{border:1px solid #ddd;border-radius:8px;padding:1rem}.price{color:#b00020;font-weight:bold}
del{color:#777}footer{background:#f4f4f4;margin-top:2rem}.pages a,.pages span{margin-right:.5rem}`;

/** The page around every view: SEO tags, the main menu, the footer widget. */
export const layout = ({ site, menu, footer, seo = {}, body, asset = (path) => path }) => {
  const title = seo.title || site?.site_name || 'Website';
  const description = seo.description ?? site?.site_description;
  const keywords = (seo.keywords?.length ? seo.keywords.join(', ') : null) ?? site?.site_keywords;
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
${description ? `<meta name="description" content="${esc(description)}">` : ''}
${keywords ? `<meta name="keywords" content="${esc(keywords)}">` : ''}
<meta property="og:title" content="${esc(title)}">
${seo.image ? `<meta property="og:image" content="${esc(seo.image)}">` : ''}
${seo.canonical ? `<link rel="canonical" href="${href(seo.canonical)}">` : ''}
<link rel="icon" href="${site?.favicon ? href(asset(site.favicon)) : 'data:,'}">
<style>${STYLE}</style></head>
<body><header><a href="/"><strong>${esc(site?.site_name || 'Website')}</strong></a>
<nav aria-label="Menu chính">${menuItems(menu?.items ?? [])}</nav></header>
<main>${body}</main>
<footer>${widgetBlock(footer)}${site?.copyright ? `<p>${esc(site.copyright)}</p>` : ''}</footer>
</body></html>`;
};

const priceOf = (post, unit) => {
  if (post.price === undefined) return '';
  const sale = post.sale_price ?? post.price;
  return sale < post.price
    ? `<p><del>${esc(money(post.price, unit))}</del> <span class="price" data-testid="sale-price">${esc(money(sale, unit))}</span></p>`
    : `<p class="price" data-testid="sale-price">${esc(money(post.price, unit))}</p>`;
};

const postCards = (posts, unit) =>
  `<ul class="posts">${posts
    .map(
      (post) =>
        `<li><a href="${href(`/${post.type}/${post.slug}`)}">${esc(post.title)}</a>${
          post.description ? `<p>${esc(post.description)}</p>` : ''
        }${priceOf(post, unit)}</li>`,
    )
    .join('')}</ul>`;

export const homeView = ({ slider, latest, site, asset }) =>
  `<h1>${esc(site?.site_name || 'Trang chủ')}</h1>
${
  slider?.items?.length
    ? `<section class="slides" aria-label="${esc(slider.title)}">${slider.items
        .map(
          (item) =>
            `<div class="slide"><img src="${href(asset(item.image))}" alt="${esc(item.title ?? '')}">${
              item.title
                ? `<h2>${item.url ? `<a href="${href(item.url)}">${esc(item.title)}</a>` : esc(item.title)}</h2>`
                : ''
            }${item.description ? `<p>${esc(item.description)}</p>` : ''}</div>`,
        )
        .join('')}</section>`
    : ''
}
${latest.length ? `<h2>Mới nhất</h2>${postCards(latest, site?.money_unit)}` : ''}`;

export const categoryView = ({ type, category, page, site }) => {
  const { current_page: current, total_pages: pages } = page.meta.pagination;
  const link = (n) => href(`/${type}/category/${category.slug}?page=${n}`);
  const numbers = Array.from({ length: pages }, (_, i) => i + 1)
    .map((n) =>
      n === current ? `<span aria-current="page">${n}</span>` : `<a href="${link(n)}">${n}</a>`,
    )
    .join('');
  return `<h1>${esc(category.title)}</h1>
${category.description ? `<p>${esc(category.description)}</p>` : ''}
${page.data.length ? postCards(page.data, site?.money_unit) : '<p>Chưa có bài viết.</p>'}
${pages > 1 ? `<nav class="pages" aria-label="Trang">${numbers}</nav>` : ''}`;
};

export const postView = ({ post, site }) =>
  `<article><h1>${esc(post.title)}</h1>
${post.categories?.length ? `<p>${post.categories.map((c) => `<a href="${href(`/${post.type}/category/${c.slug}`)}">${esc(c.title)}</a>`).join(', ')}</p>` : ''}
${priceOf(post, site?.money_unit)}
${post.discount ? `<p>Khuyến mãi: ${esc(post.discount.title)}</p>` : ''}
${post.description ? `<p>${esc(post.description)}</p>` : ''}
${(post.fields ?? [])
  .filter((f) => f.value !== null && typeof f.value !== 'object')
  .map((f) => `<p><strong>${esc(f.title)}:</strong> ${esc(f.value)}</p>`)
  .join('')}
${(post.contents ?? []).map((part) => `<section>${part.title ? `<h2>${esc(part.title)}</h2>` : ''}<p>${esc(plainText(part.content))}</p></section>`).join('')}
</article>
${post.related?.length ? `<section><h2>Liên quan</h2>${postCards(post.related, site?.money_unit)}</section>` : ''}`;

export const notFoundView = () =>
  '<h1>Không tìm thấy trang</h1><p><a href="/">Về trang chủ</a></p>';
