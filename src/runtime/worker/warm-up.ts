/**
 * Compiles the shim's request path before the first request. V8 compiles a
 * function when it is first called, and a cold answer calls a few hundred of
 * them (docs/BENCHMARKS.md has what that costs a fresh isolate). A Worker's
 * global scope runs when its isolate starts, outside any request's CPU time:
 * called there, this sends a handful of queries through the shim's own
 * handler over the tiny site (tiny-site.ts), so that the real first request
 * finds everything compiled. Sent again, each time through a new shim (so
 * that each round takes the cold path a first request takes), the queries
 * make the functions that run most hot enough for V8 to compile them to
 * machine code as well, at startup rather than in the first request. Workerd
 * lets global scope build a Request but not a Response, so there each
 * warm-up request ends in an error at its very last step, which is
 * swallowed. The shim it warms has an edge cache that never holds anything,
 * so the edge-cache path is compiled too. The loops that score a search's
 * many matches run too briefly over the tiny site for V8 to compile them:
 * `warmUpScoring` runs them over made-up data of a large catalog. Neither
 * ever fails: a failed warm-up only leaves the compiling to the first request.
 */
import { FACETS_PATH, OPENAPI_PATH, PLUGIN_PATH_PREFIX, PLUGINS_PATH, STATUS_PATH, WHOLE_CATALOG_PATH } from "../../core/routes.js";
import { createShim, type EdgeCache, type SiteReader } from "../../shim/index.js";
import { warmScoringLoops } from "../../shim/relevance.js";

/** Queries that between them take every path of the shim (see tiny-site.ts for the data). */
export const WARM_UP_QUERIES: readonly (readonly [path: string, query: string])[] = [
  [PLUGINS_PATH, ""],
  [PLUGINS_PATH, "sort=recent&per_page=1"],
  [PLUGINS_PATH, "sort=recent&page=2&per_page=1"],
  [PLUGINS_PATH, "sort=name&page=2&per_page=2"],
  [PLUGINS_PATH, "category=Data&sort=name"],
  [PLUGINS_PATH, "author=@ann&sort=recent"],
  [PLUGINS_PATH, "author=bob&web=1&per_page=1"],
  [PLUGINS_PATH, "q=chart+da&sort=name"],
  [PLUGINS_PATH, "q=charting&category=ui&web=1&sort=stars"],
  [PLUGINS_PATH, "q=ch&sort=recent"],
  [PLUGINS_PATH, "q=chart+da&sort=relevance"],
  [PLUGINS_PATH, "q=cha&web=1&sort=relevance&per_page=1"],
  // More matches than a score order holds, of two terms: scored from candidates, the dearest relevance path.
  [PLUGINS_PATH, "q=data+ch&sort=relevance&per_page=1"],
  [PLUGINS_PATH, "sort=downloads&page=2&per_page=1"],
  // Text beyond ASCII takes the Unicode folding (normalization, property-escape regexes: costly to compile).
  [PLUGINS_PATH, "q=Ch%C3%A4rting"],
  [PLUGINS_PATH, "q=the"],
  [PLUGINS_PATH, "author=nobody"],
  [PLUGINS_PATH, "compat=latest&sort=recent"],
  [PLUGINS_PATH, "compat=2.1.0-beta.1&q=chart&per_page=1"],
  // The 400's path, `compat` checked against the catalog too.
  [PLUGINS_PATH, "page=0&sort=up&compat=v2"],
  [FACETS_PATH, ""],
  [FACETS_PATH, "q=chart&category=ui&web=1&author=ann"],
  [FACETS_PATH, "compat=1.0.0&web=1"],
  [STATUS_PATH, ""],
  [WHOLE_CATALOG_PATH, ""],
  [OPENAPI_PATH, ""],
  // One plugin: found (inflated), escaped, missing.
  [`${PLUGIN_PATH_PREFIX}gamma`, ""],
  [`${PLUGIN_PATH_PREFIX}%64elta`, ""],
  [`${PLUGIN_PATH_PREFIX}nobody`, ""],
];

/**
 * The rounds a Worker sends at startup. At 10,000 plugins, 16 rounds took 1.2 to 2.4 ms of workerd's CPU off the
 * dearest cold answers and 0.3 to 0.6 ms off a cold status, for about 50 ms more at startup (about 90 ms of
 * workerd's CPU in all on the bench's machine before the scoring warm-up, 210 to 240 ms with it, where Cloudflare
 * allows a Worker 1 s); 8 rounds took half as much off, 24 no more than 16 (docs/BENCHMARKS.md, the choices table).
 */
export const WARM_UP_ROUNDS = 16;

/** Misses every lookup and keeps nothing: the warm-up's answers are the tiny site's. */
const NO_EDGE_CACHE: EdgeCache = { match: async () => undefined, put: async () => {} };

/**
 * @param rounds how many times the queries are sent, each time through a new shim.
 * @returns each warm-up query's status in the last round, in order; undefined where no answer could be made (in a
 *   Worker's global scope, all of them: the compiling is done by then).
 * @example
 * void warmUp(encodedSiteReader(TINY_SITE), WARM_UP_ROUNDS);
 */
export async function warmUp(site: SiteReader, rounds = 1): Promise<(number | undefined)[]> {
  let statuses: (number | undefined)[] = [];
  for (let round = 0; round < rounds; round++) statuses = await warmUpOnce(site);
  return statuses;
}

async function warmUpOnce(site: SiteReader): Promise<(number | undefined)[]> {
  const statuses: (number | undefined)[] = [];
  try {
    const shim = createShim({ reader: site, logError: () => {}, edgeCache: NO_EDGE_CACHE });
    for (const [path, query] of WARM_UP_QUERIES) {
      statuses.push(await shim(new Request(`http://warm-up.invalid${path}?${query}`)).then(statusOf, () => undefined));
    }
  } catch {
    // Nothing to do: the first request compiles what the warm-up did not reach.
  }
  return statuses;
}

/** The body is read too: that is part of an answer's path. */
async function statusOf(response: Response): Promise<number> {
  await response.arrayBuffer();
  return response.status;
}

/**
 * The size of the made-up catalog whose matches `warmUpScoring` scores: as many as the largest catalogs the benches
 * measure. At 50,000 plugins it took the dearest cold relevance answers from 25 to 11 ms of workerd's CPU, for about
 * 130 to 150 ms more at startup (docs/BENCHMARKS.md, the choices table).
 */
export const WARM_UP_SCORING_PLUGINS = 50_000;

/**
 * Compiles the loops that score a search's matches (`warmScoringLoops`), which the tiny site's few plugins run too
 * briefly for V8 to compile them. It never fails either.
 * @returns what was scored, or undefined when the scoring failed.
 */
export function warmUpScoring(plugins = WARM_UP_SCORING_PLUGINS): ReturnType<typeof warmScoringLoops> | undefined {
  try {
    return warmScoringLoops(plugins);
  } catch {
    // Nothing to do: the first request that scores many matches compiles the loops.
    return undefined;
  }
}

/**
 * How much memory `holdForStartUpCollection` holds. V8 counts the memory outside its heap (array buffers) allocated
 * since an isolate's last full collection against the old generation's limit, about 9 MB in a fresh workerd isolate;
 * this alone reaches it. It costs startup a few milliseconds.
 */
export const START_UP_COLLECTION_BYTES = 8 * 2 ** 20;

/**
 * Makes the isolate's first full garbage collection run at startup, not in the first request. A fresh isolate has run
 * none: the scoring warm-up's made-up catalog and a first answer's file reads took it to the limit, and the compile job
 * that then found no room made that answer pay a full collection (about 2 ms of workerd's CPU, in a quarter to a half
 * of the first answers that read a hundred files; docs/BENCHMARKS.md). Held from before the warm-up until its rounds
 * end, the buffer takes the isolate past the limit while the warm-up still compiles, so the collection runs there;
 * let go after it, it leaves what the warm-up and the first answer allocate since then that much below the next limit.
 * It never fails either.
 * @returns what lets the buffer go, to be called when the warm-up's rounds end.
 */
export function holdForStartUpCollection(bytes = START_UP_COLLECTION_BYTES): () => void {
  const held: ArrayBuffer[] = [];
  try {
    held.push(new ArrayBuffer(bytes));
  } catch {
    // Nothing to do: the first request that reaches the limit collects.
  }
  return () => {
    held.length = 0;
  };
}
