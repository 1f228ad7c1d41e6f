/** Page arithmetic shared by the static pages and the query path. */
import type { Bitset } from "./bitset.js";

export interface PageWindow {
  /** Index of the first item on the page, in sort order. */
  readonly start: number;
  /** One past the last item on the page (never past `total`). */
  readonly end: number;
  readonly pages: number;
}

export function pageWindow(total: number, page: number, perPage: number): PageWindow {
  const pages = Math.ceil(total / perPage);
  const start = Math.min((page - 1) * perPage, total);
  const end = Math.min(start + perPage, total);
  return { start, end, pages };
}

/** Members at positions `start..end` of the order, with their positions in it. */
export function membersInOrder(
  members: Bitset,
  order: ArrayLike<number>,
  start: number,
  end: number,
): { ordinals: number[]; positions: number[] } {
  const ordinals: number[] = [];
  const positions: number[] = [];
  const words = members.words;
  let rank = 0;
  // The membership test is spelled out: a cold isolate interprets this loop, and a call per position costs more than the test.
  for (let i = 0; i < order.length && rank < end; i++) {
    const ordinal = order[i]!;
    if (((words[ordinal >>> 5] ?? 0) & (1 << (ordinal & 31))) === 0) continue;
    if (rank >= start) {
      ordinals.push(ordinal);
      positions.push(i);
    }
    rank++;
  }
  return { ordinals, positions };
}
