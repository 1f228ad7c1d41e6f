/** The installed package's root, found from this file whether it runs compiled (lib/src/…) or from source (src/…). */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function packageRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, "package.json"))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error("plugin-catalog's package.json was not found above its code");
    directory = parent;
  }
  return directory;
}
