import { describe, expect, it } from 'vitest';
import { redirectCreateSchema } from './redirect.schema';
import { applyRedirect, pickRedirect, resolveRedirects, sectionSourcesOf } from './redirect-match';

describe('redirect matching', () => {
  const rules = [
    { source: '/tin-tuc/*', destination: '/news/*' },
    { source: '/tin-tuc/hot', destination: '/news/trending' },
    { source: '/tin-tuc/category/*', destination: '/news/topics' },
    { source: '/news/old', destination: '/news/new' },
  ];

  it('carries the rest of an address through a section rule; exact and longer rules win', () => {
    expect(applyRedirect(rules[0]!, '/tin-tuc/a/b?x=1')).toBe('/news/a/b?x=1');
    expect(applyRedirect(rules[0]!, '/tin-tuc')).toBeUndefined();
    expect(applyRedirect(rules[0]!, '/tin-tuc/')).toBeUndefined();
    expect(applyRedirect(rules[0]!, '/tin-tucx/a')).toBeUndefined();
    expect(pickRedirect(rules, '/tin-tuc/hot')).toBe(rules[1]);
    expect(pickRedirect(rules, '/tin-tuc/category/x')).toBe(rules[2]);
    expect(sectionSourcesOf('/a/b/c?d=/e')).toEqual(['/a/b/*', '/a/*', '/*']);
    expect(sectionSourcesOf('https://x.vn/a')).toEqual([]);
  });

  it('follows a chain, and stops at a loop or past the limit', () => {
    expect(resolveRedirects(rules, '/tin-tuc/old', 5)).toEqual({ address: '/news/new', hops: 2 });
    expect(resolveRedirects(rules, '/other', 5)).toEqual({ address: '/other', hops: 0 });
    const loop = [
      { source: '/a/*', destination: '/b/*' },
      { source: '/b/*', destination: '/a/*' },
    ];
    expect(resolveRedirects(loop, '/a/x', 5).address).toBeUndefined();
    expect(resolveRedirects(rules, '/tin-tuc/old', 1)).toEqual({ address: undefined, hops: 1 });
  });

  it('lets a * end a source only, and a destination carry the rest only from a section', () => {
    const issues = (source: string, destination: string) =>
      redirectCreateSchema
        .safeParse({ source, destination })
        .error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
    expect(issues('/old/*', '/new/*')).toEqual([]);
    expect(issues('/old/*', '/')).toEqual([]);
    expect(issues('/ol*d', '/new')).toEqual(['source:redirect.wildcard_source']);
    expect(issues('/old', '/new/*')).toEqual(['destination:redirect.wildcard_destination']);
  });
});
