/**
 * Writes numbered data files as a `FileSeries` (core/site-format.ts): the
 * manifest then names them by their hashes alone.
 */
import { type FileSeries, seriesFile } from "../core/site-format.js";

/** Adds a binary data file `catalog/data/<kind>.<content hash>.bin` to the site and answers its path. */
export type AddFile = (kind: string, bytes: Uint8Array) => string;

/** `files` may be made one at a time (a generator): each is added as it comes, so that no more than one is held here. */
export function writeSeries(add: AddFile, name: string, files: Iterable<Uint8Array>): FileSeries {
  const series = new SeriesWriter(add, name);
  for (const bytes of files) series.add(bytes);
  return series.finish();
}

/** A series written a file at a time, so that no more of it than one file need be in memory. */
export class SeriesWriter {
  private readonly paths: string[] = [];

  constructor(
    private readonly addFile: AddFile,
    private readonly name: string,
  ) {}

  add(bytes: Uint8Array): void {
    this.paths.push(this.addFile(`${this.name}-${this.paths.length}`, bytes));
  }

  finish(): FileSeries {
    const hashes = this.paths.map((path) => /\.([0-9a-f]+)\.bin$/.exec(path)?.[1] ?? "").join("");
    const series: FileSeries = { name: this.name, hashes };
    this.paths.forEach((path, i) => {
      if (seriesFile(series, i) !== path) throw new Error(`${path} cannot be named in a file series`);
    });
    return series;
  }
}
