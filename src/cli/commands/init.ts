/**
 * `plugin-catalog init DIR --keyword K …`: writes a new catalog repository
 * (config, package.json, daily workflow, README, .gitignore) into DIR and
 * prints the next steps. A DIR that exists and is not empty is left
 * untouched unless `--force` is given.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import {
  type CatalogSettings,
  catalogRepositoryFiles,
  hostName,
  nextSteps,
  packageNameFor,
  readProduct,
} from "../../init/catalog-repository.js";
import { CliError, type CliIo } from "../io.js";

/** The catalog's settings from the flags (its package name comes from DIR), where to write, and whether over files. */
export type InitOptions = Omit<CatalogSettings, "name"> & { readonly dir: string; readonly force: boolean };

export async function initCommand(options: InitOptions, io: CliIo): Promise<void> {
  await refuseNonEmptyDirectory(options.dir, options.force);
  const files = await catalogRepositoryFiles({ ...options, name: packageNameFor(basename(resolve(options.dir))) }, await readProduct());
  for (const [path, text] of files) {
    const target = join(options.dir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  const steps = nextSteps(options.dir, options.host).map((step, i) => `  ${i + 1}. ${step}`);
  io.stdout(
    [
      `Wrote a plugin catalog for ${hostName(options.host)} into ${options.dir}: ${[...files.keys()].join(", ")}`,
      "",
      "Next steps:",
      ...steps,
      `${join(options.dir, "README.md")} has every step.`,
      "",
    ].join("\n"),
  );
}

async function refuseNonEmptyDirectory(dir: string, force: boolean): Promise<void> {
  const found = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (found === undefined) return;
  if (!found.isDirectory()) throw new CliError(`${dir} exists and is not a directory`);
  if (!force && (await readdir(dir)).length > 0) {
    throw new CliError(`${dir} exists and is not empty; nothing was written (--force writes the catalog's files into it)`);
  }
}
