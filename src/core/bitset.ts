/**
 * A fixed-size set of document ordinals. Search and filter results are sets
 * over the whole catalog (at most a few tens of thousands of plugins), so a
 * dense bitmap makes AND/OR a tight loop over 32-bit words.
 */
export class Bitset {
  readonly words: Uint32Array;
  /**
   * The members in ascending order, when they are known without a pass over the words: a set made from a
   * sorted list (a small set of a site file), unchanged since. At 50,000 plugins a pass is 1,563 words, which
   * a fresh isolate runs hot enough for V8 to compile the loop during the request (docs/BENCHMARKS.md).
   */
  private list: Uint32Array | undefined;
  /** The count, once made and until the set changes: a search counts the same sets several times. */
  private counted: number | undefined;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array(Math.ceil(size / 32));
  }

  static of(size: number, members: Iterable<number>): Bitset {
    const set = new Bitset(size);
    for (const member of members) set.add(member);
    return set;
  }

  /**
   * From a list of members (a typed array straight from a site file, say): no iterator, no call per member.
   * When the list is ascending and within the size, the set keeps a copy of it to count and slice by.
   */
  static ofList(size: number, members: ArrayLike<number>): Bitset {
    const set = new Bitset(size);
    if (set.setBits(members)) set.list = Uint32Array.from(members);
    return set;
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const tail = size % 32;
    if (tail !== 0) set.words[set.words.length - 1] = (1 << tail) - 1;
    set.counted = size;
    return set;
  }

  add(member: number): void {
    this.list = undefined;
    this.counted = undefined;
    if (!(member < this.size)) return;
    const w = member >>> 5;
    this.words[w] = this.words[w]! | (1 << (member & 31));
  }

  /** Adds every member of a list (members beyond the size are ignored, as by `add`). */
  addAll(members: ArrayLike<number>): void {
    this.list = undefined;
    this.counted = undefined;
    this.setBits(members);
  }

  has(member: number): boolean {
    return ((this.words[member >>> 5] ?? 0) & (1 << (member & 31))) !== 0;
  }

  /** In-place intersection; returns `this`. */
  and(other: Bitset): this {
    this.list = undefined;
    this.counted = undefined;
    const mine = this.words;
    const theirs = other.words;
    for (let i = 0; i < mine.length; i++) mine[i] = mine[i]! & (theirs[i] ?? 0);
    return this;
  }

  /** In-place difference: the members of `other` removed; returns `this`. */
  andNot(other: Bitset): this {
    this.list = undefined;
    this.counted = undefined;
    const mine = this.words;
    const theirs = other.words;
    for (let i = 0; i < mine.length; i++) mine[i] = mine[i]! & ~(theirs[i] ?? 0);
    return this;
  }

  /** In-place union; returns `this`. */
  or(other: Bitset): this {
    this.list = undefined;
    this.counted = undefined;
    const mine = this.words;
    const theirs = other.words;
    for (let i = 0; i < mine.length; i++) mine[i] = mine[i]! | (theirs[i] ?? 0);
    return this;
  }

  /** A copy; a list it keeps is shared, as no set changes its list. */
  clone(): Bitset {
    const copy = new Bitset(this.size, this.words.slice());
    copy.list = this.list;
    copy.counted = this.counted;
    return copy;
  }

  /** Sets the members' bits, those beyond the size ignored; whether the members were ascending and all within it. */
  private setBits(members: ArrayLike<number>): boolean {
    const words = this.words;
    const size = this.size;
    let ascending = true;
    let previous = -1;
    for (let i = 0; i < members.length; i++) {
      const member = members[i]!;
      if (!(member > previous && member < size)) ascending = false;
      previous = member;
      if (member < size) words[member >>> 5] = words[member >>> 5]! | (1 << (member & 31));
    }
    return ascending;
  }

  /*
   * The counting loops below spell out their popcount rather than call one: a cold isolate
   * runs them in V8's interpreter, where a call per word costs more than the word's arithmetic.
   */

  count(): number {
    if (this.list !== undefined) return this.list.length;
    if (this.counted !== undefined) return this.counted;
    const words = this.words;
    let total = 0;
    for (let i = 0; i < words.length; i++) {
      let v = words[i]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    this.counted = total;
    return total;
  }

  /** |this ∩ other| without building the intersection (facet counts: one pass, no allocation). */
  countAnd(other: Bitset): number {
    const mine = this.words;
    const theirs = other.words;
    let total = 0;
    for (let i = 0; i < mine.length; i++) {
      let v = mine[i]! & (theirs[i] ?? 0);
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return total;
  }

  /** |this \ other|, likewise. */
  countAndNot(other: Bitset): number {
    const mine = this.words;
    const theirs = other.words;
    let total = 0;
    for (let i = 0; i < mine.length; i++) {
      let v = mine[i]! & ~(theirs[i] ?? 0);
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return total;
  }

  /** For each of the ascending `members`, how many members of this set are smaller: one pass over the words. */
  ranks(members: readonly number[]): number[] {
    const ranks: number[] = [];
    let word = 0;
    let below = 0;
    for (let i = 0; i < members.length; i++) {
      const member = members[i]!;
      const w = member >>> 5;
      while (word < w) below += popcount(this.words[word++] ?? 0);
      const bits = member & 31;
      ranks.push(bits === 0 ? below : below + popcount((this.words[w] ?? 0) & ((1 << bits) - 1)));
    }
    return ranks;
  }

  /** The first `count` members (all of them, when `count` is at least the set's size), ascending, in a typed array. */
  members(count: number): Uint32Array {
    if (this.list !== undefined) return this.list.slice(0, count);
    const members = new Uint32Array(count);
    let seen = 0;
    for (let i = 0; i < this.words.length && seen < count; i++) {
      let word = this.words[i]!;
      while (word !== 0 && seen < count) {
        const low = word & -word;
        members[seen++] = i * 32 + 31 - Math.clz32(low);
        word ^= low;
      }
    }
    return seen < count ? members.slice(0, seen) : members;
  }

  /** The members of rank `start` … `end - 1`, ascending: whole words are skipped by their counts. */
  slice(start: number, end: number): number[] {
    if (this.list !== undefined) return Array.from(this.list.subarray(Math.max(0, start), Math.max(0, end)));
    const picked: number[] = [];
    let seen = 0;
    for (let i = 0; i < this.words.length && seen < end; i++) {
      let word = this.words[i]!;
      const count = popcount(word);
      if (seen + count <= start) {
        seen += count;
        continue;
      }
      while (word !== 0 && seen < end) {
        const low = word & -word;
        if (seen >= start) picked.push(i * 32 + 31 - Math.clz32(low));
        seen++;
        word ^= low;
      }
    }
    return picked;
  }
}

export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
