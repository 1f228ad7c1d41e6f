/**
 * The binary search every sorted table of the site is read with (postings directories, set packs, frequency and
 * detail files, a score's ranks): the first index from which a predicate holds.
 */

/** The first index in `from … to − 1` at which `isPast` holds, or `to`; `isPast` must hold from some index on. */
export function partitionPoint(from: number, to: number, isPast: (index: number) => boolean): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isPast(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
