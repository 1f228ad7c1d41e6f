/**
 * The catalog a query bench runs against: the generated snapshot, written to
 * a file for the CLI to build from, and every query drawn from its
 * vocabulary up front. The snapshot itself is dropped after.
 */
import { writeFile } from "node:fs/promises";
import { generateSnapshot } from "../../tools/sample/generate.js";
import type { BenchProfile } from "./args.js";
import { planQueries, type QueryPlan } from "./plan.js";
import type { Progress } from "./progress-log.js";
import { buildVocabulary } from "./vocabulary.js";

export interface CatalogChoice {
  readonly plugins: number;
  readonly seed: number;
  readonly profile: BenchProfile;
}

export async function prepare(options: CatalogChoice, snapshotFile: string, progress: Progress): Promise<QueryPlan> {
  progress(`generating ${options.plugins} plugins (seed ${options.seed})`);
  const snapshot = generateSnapshot({ plugins: options.plugins, seed: options.seed });
  await writeFile(snapshotFile, JSON.stringify(snapshot));
  progress("collecting the catalog's vocabulary for queries");
  return planQueries(buildVocabulary(snapshot), options.profile, options.seed);
}
