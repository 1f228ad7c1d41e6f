/**
 * A fixed-size set of document ordinals. Search and filter results are sets
 * over the whole catalog (at most a few tens of thousands of plugins), so a
 * dense bitmap makes AND/OR a tight loop over 32-bit words.
 */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number, words?: Uint32Array) {
    this.words = words ?? new Uint32Array(Math.ceil(size / 32));
  }

  static of(size: number, members: Iterable<number>): Bitset {
    const set = new Bitset(size);
    for (const member of members) set.add(member);
    return set;
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const tail = size % 32;
    if (tail !== 0) set.words[set.words.length - 1] = (1 << tail) - 1;
    return set;
  }

  add(member: number): void {
    const w = member >>> 5;
    this.words[w] = (this.words[w] ?? 0) | (1 << (member & 31));
  }

  has(member: number): boolean {
    return ((this.words[member >>> 5] ?? 0) & (1 << (member & 31))) !== 0;
  }

  /** In-place intersection; returns `this`. */
  and(other: Bitset): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! &= other.words[i] ?? 0;
    return this;
  }

  /** In-place union; returns `this`. */
  or(other: Bitset): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! |= other.words[i] ?? 0;
    return this;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  count(): number {
    let total = 0;
    for (const word of this.words) total += popcount(word);
    return total;
  }
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
