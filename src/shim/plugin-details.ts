/**
 * One build's plugin details (`DetailFile`s, core/site-format.ts): a slug's
 * hash names the one file that can hold it, and that file's table the body
 * to inflate. Files read are kept within a small bound, so that details of
 * one file asked one after another (a person browsing) cost one read.
 */
import { type DetailFiles, detailFileIndex, seriesFile, slugHash } from "../core/site-format.js";
import { type DetailFileContents, detailIn, readDetailFile } from "./detail-file-reader.js";
import { Lru } from "./lru.js";
import { CatalogUnavailable } from "./problem.js";
import { readBytes, type SiteReader } from "./site-reader.js";

/** About 16 files of the default size. */
const DETAIL_FILE_CACHE_BYTES = 2 * 1024 * 1024;

export class PluginDetails {
  private readonly files = new Lru<string, DetailFileContents>(DETAIL_FILE_CACHE_BYTES, (file) => file.bodies.byteLength);

  constructor(
    private readonly details: DetailFiles,
    private readonly reader: SiteReader,
  ) {}

  /**
   * The file that holds `slug`'s detail if any does, named by its content hash: the detail files are outside the build
   * id (they follow the build's time), so a detail's ETag names its file.
   */
  fileOf(slug: string): string | undefined {
    const index = detailFileIndex(this.details, slugHash(slug));
    return index === undefined ? undefined : seriesFile(this.details.files, index);
  }

  /** The body of `GET /api/plugins/{slug}` (UTF-8 JSON, a buffer of its own), or undefined when no plugin has `slug`. */
  async body(slug: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const index = detailFileIndex(this.details, slugHash(slug));
    if (index === undefined) return undefined;
    const path = seriesFile(this.details.files, index);
    if (path === undefined) throw new CatalogUnavailable(`the manifest lists no detail file ${index}`);
    const contents = await this.files.load(path, async () => readDetailFile(await readBytes(this.reader, path), path));
    return detailIn(contents, slug, slugHash(slug));
  }
}
