// The Link header of a paged list (RFC 8288): first, prev, next and last pages of the same query.

/**
 * `<path?query>; rel="next"`, … for the pages around `page`, keeping every other parameter of the
 * request; relative, so it holds behind any proxy. Null when everything fits on one page.
 */
export function pageLinks(url: URL, page: number, pageSize: number, total: number): string | null {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last === 1 && page === 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(target));
    return `<${url.pathname}?${params.toString()}>`;
  };
  const links = [`${to(1)}; rel="first"`];
  if (page > 1) links.push(`${to(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${to(page + 1)}; rel="next"`);
  links.push(`${to(last)}; rel="last"`);
  return links.join(', ');
}
