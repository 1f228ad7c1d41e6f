/**
 * Writes a built site to a directory whole or not at all: each file goes
 * into a fresh sibling directory as soon as the build makes it (a large
 * catalog's site is never held in memory at once), and the finished
 * directory is swapped in with renames. On any failure the previous
 * directory is left exactly as it was.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { SiteSink } from "../site/build-site.js";

export class StagedSite implements SiteSink {
  private readonly target: string;
  private readonly staging: string;
  private readonly directories = new Set<string>();
  /** Each written path's size: a path written twice (same content, same hashed name) counts once. */
  private readonly sizes = new Map<string, number>();
  private committed = false;

  /** Stages next to `outDir`, so that the swap is a rename on one file system. */
  constructor(outDir: string) {
    this.target = resolve(outDir);
    this.staging = join(dirname(this.target), `.${basename(this.target)}.new-${stamp()}`);
  }

  set(path: string, bytes: Uint8Array): this {
    const file = join(this.staging, path);
    const directory = dirname(file);
    if (!this.directories.has(directory)) {
      mkdirSync(directory, { recursive: true });
      this.directories.add(directory);
    }
    writeFileSync(file, bytes);
    this.sizes.set(path, bytes.byteLength);
    return this;
  }

  get files(): number {
    return this.sizes.size;
  }

  get bytes(): number {
    return [...this.sizes.values()].reduce((sum, size) => sum + size, 0);
  }

  /** Puts the staged site in place of `outDir`, the previous one removed once the new one is there. */
  async commit(): Promise<void> {
    if (this.files === 0) mkdirSync(this.staging, { recursive: true });
    const retired = join(dirname(this.target), `.${basename(this.target)}.old-${stamp()}`);
    const hadPrevious = await exists(this.target);
    if (hadPrevious) await rename(this.target, retired);
    try {
      await rename(this.staging, this.target);
    } catch (error) {
      if (hadPrevious) await rename(retired, this.target);
      throw error;
    }
    this.committed = true;
    await rm(retired, { recursive: true, force: true });
  }

  /** Removes what was staged, unless it was committed: call it whatever happened. */
  async discard(): Promise<void> {
    if (!this.committed) await rm(this.staging, { recursive: true, force: true });
  }
}

function stamp(): string {
  return `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
