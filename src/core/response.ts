/**
 * The 200 body of `GET /api/plugins`, rendered one way for every path
 * (static pages at build time, the shim at request time) so that the bytes
 * a CDN serves and the bytes the shim computes are identical.
 */
import type { Plugin } from "./plugin.js";

export interface PluginPage {
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  readonly pages: number;
  readonly plugins: readonly Plugin[];
}

export function renderPage(page: PluginPage): string {
  return JSON.stringify({
    total: page.total,
    page: page.page,
    perPage: page.perPage,
    pages: page.pages,
    plugins: page.plugins,
  });
}
