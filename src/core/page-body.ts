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

const encoder = new TextEncoder();
const COMMA = 0x2c;
const CLOSE = encoder.encode("]}");

export function renderPage(page: PluginPage): Uint8Array<ArrayBuffer> {
  return renderPageFromJson(
    page,
    page.plugins.map((plugin) => encoder.encode(JSON.stringify(plugin))),
  );
}

/**
 * The same body from plugins that are already UTF-8 JSON, which is how the
 * shim keeps them: a page is one allocation and a few copies, never a
 * string. (Strings would land on the JS heap and cost a garbage collection
 * every few hundred answers; bytes live outside it.)
 */
export function renderPageFromJson(meta: PageMeta, pluginsJson: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  // Digits and punctuation only: as many bytes as characters, written straight into the body.
  const head = `{"total":${meta.total},"page":${meta.page},"perPage":${meta.perPage},"pages":${meta.pages},"plugins":[`;
  let length = head.length + Math.max(0, pluginsJson.length - 1) + CLOSE.byteLength;
  for (const plugin of pluginsJson) length += plugin.byteLength;
  const body = new Uint8Array(length);
  let offset = encoder.encodeInto(head, body).written;
  for (let i = 0; i < pluginsJson.length; i++) {
    if (i > 0) body[offset++] = COMMA;
    const plugin = pluginsJson[i]!;
    body.set(plugin, offset);
    offset += plugin.byteLength;
  }
  body.set(CLOSE, offset);
  return body;
}
