/** A site built in memory, written to a directory the way the CLI writes one: staged, then swapped in whole. */
import { StagedSite } from "../../src/publish/write-site.js";
import type { SiteFiles } from "../../src/site/build-site.js";

export async function writeSiteAtomically(files: SiteFiles, outDir: string): Promise<void> {
  const staged = new StagedSite(outDir);
  try {
    for (const [path, bytes] of files) staged.set(path, bytes);
    await staged.commit();
  } finally {
    await staged.discard();
  }
}
