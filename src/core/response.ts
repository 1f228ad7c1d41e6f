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

export type PageMeta = Omit<PluginPage, "plugins">;

export function renderPage(page: PluginPage): string {
  return renderPageFromJson(page, page.plugins.map((plugin) => JSON.stringify(plugin)));
}

/**
 * The same body from plugins that are already JSON text, which is how the
 * shim keeps them: a page is then string concatenation, not serialization.
 */
export function renderPageFromJson(meta: PageMeta, pluginsJson: readonly string[]): string {
  return `{"total":${meta.total},"page":${meta.page},"perPage":${meta.perPage},"pages":${meta.pages},"plugins":[${pluginsJson.join(",")}]}`;
}
