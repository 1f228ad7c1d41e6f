/**
 * lunr as the site build uses it, patched. Only the build imports this file
 * (the index it writes is loaded by Lunr elsewhere, so the fix must hold
 * where it is written); the shim reads postings itself and never needs it.
 *
 * lunr 2.3.9 bug #503: `TokenSet#toString` identifies a node by
 * concatenating `edge label + child id` with no separator, so two different
 * nodes can get the same key ("1" + 12 + "3" + 4 = "1" + 1 + "2" + 34) and
 * `TokenSet.Builder#minimize` then merges them: `Index.load` silently drops
 * terms and invents others. Ending every id with a separator makes the key
 * unambiguous (labels are always exactly one character). The build still
 * re-checks every index file it writes (load-check.ts).
 */
import lunr from "lunr";

type TokenSetWithKey = lunr.TokenSet & { _str?: string; final: boolean; edges: Record<string, lunr.TokenSet & { id: number }> };

function unambiguousKey(this: TokenSetWithKey): string {
  if (this._str) return this._str;
  let key = this.final ? "1" : "0";
  for (const label of Object.keys(this.edges).sort()) {
    key += `${label}${this.edges[label]!.id},`;
  }
  return key;
}

export const stockTokenSetToString: () => string = lunr.TokenSet.prototype.toString;
lunr.TokenSet.prototype.toString = unambiguousKey as () => string;

export { lunr };
