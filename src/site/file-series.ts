/**
 * Writes numbered data files as a `FileSeries` (core/site-format.ts): the
 * manifest then names them by their hashes alone.
 */
import { type FileSeries, seriesFile } from "../core/site-format.js";

/** Adds a binary data file `catalog/data/<kind>.<content hash>.bin` to the site and answers its path. */
export type AddFile = (kind: string, bytes: Uint8Array) => string;

/** `files` may be made one at a time (a generator): each is added as it comes, so that no more than one is held here. */
export function writeSeries(add: AddFile, name: string, files: Iterable<Uint8Array>): FileSeries {
  const paths = Array.from(files, (bytes, i) => add(`${name}-${i}`, bytes));
  const series: FileSeries = { name, hashes: paths.map((path) => /\.([0-9a-f]+)\.bin$/.exec(path)?.[1] ?? "").join("") };
  paths.forEach((path, i) => {
    if (seriesFile(series, i) !== path) throw new Error(`${path} cannot be named in a file series`);
  });
  return series;
}
