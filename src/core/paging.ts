/** Page arithmetic shared by the static pages and the query path. */

export interface PageWindow {
  /** Index of the first item on the page, in sort order. */
  readonly start: number;
  /** One past the last item on the page (never past `total`). */
  readonly end: number;
  readonly pages: number;
}

export function pageWindow(total: number, page: number, perPage: number): PageWindow {
  const pages = Math.ceil(total / perPage);
  const start = Math.min((page - 1) * perPage, total);
  const end = Math.min(start + perPage, total);
  return { start, end, pages };
}
