/**
 * The check that every search chunk the build writes loads back in Lunr
 * intact: lunr 2.3.9's bug #503 (lunr-patch.ts) can make `Index.load` drop
 * terms and invent others, and a consumer may load a chunk with the stock,
 * unpatched lunr. So each chunk is loaded twice, with the patched prototype
 * and with the stock one swapped in for the duration.
 */
import { lunr, stockTokenSetToString } from "./lunr-patch.js";

/**
 * Parses the chunk and loads it as a consumer would (all but its field
 * vectors, which play no part in the token set), with this process's patched
 * lunr and with the stock one in a fresh state, and checks that its token set
 * holds exactly its terms: nothing dropped, nothing invented.
 */
export function checkChunk(json: string, expected: readonly string[]): string | undefined {
  // One parse serves both loads: `Index.load` only reads what it is given. Its token set is made from
  // the terms alone; a `lunr.Vector` for each of thousands of field vectors, twice, was most of the
  // chunk phase's garbage, and the heap grew to hold it.
  const serialized = { ...(JSON.parse(json) as object), fieldVectors: [] };
  return checkLoad(serialized, expected, "patched") ?? withStockLunr(() => checkLoad(serialized, expected, "stock"));
}

function checkLoad(serialized: object, expected: readonly string[], flavour: string): string | undefined {
  const loaded = lunr.Index.load(serialized) as unknown as { tokenSet: lunr.TokenSet };
  const found = new Set(loaded.tokenSet.toArray());
  const missing = expected.filter((term) => !found.has(term));
  const invented = found.size - (expected.length - missing.length);
  if (missing.length === 0 && invented === 0) return undefined;
  return `${flavour} lunr lost ${missing.length} term(s) (e.g. ${JSON.stringify(missing.slice(0, 3))}) and invented ${invented}`;
}

function withStockLunr<T>(run: () => T): T {
  const prototype = lunr.TokenSet.prototype;
  const patched = prototype.toString;
  const tokenSet = lunr.TokenSet as unknown as { _nextId: number };
  const nextId = tokenSet._nextId;
  prototype.toString = stockTokenSetToString;
  tokenSet._nextId = 1;
  try {
    return run();
  } finally {
    prototype.toString = patched;
    tokenSet._nextId = nextId;
  }
}
