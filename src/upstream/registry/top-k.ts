/**
 * The greatest few of a stream: a bounded binary heap, so that picking the
 * 10 latest releases (or the 10,000 newest of a host's versions) out of a
 * packument with 100,000 versions costs O(n log k) time and O(k) memory,
 * linear in the packument, and never sorts or copies all of it.
 */
export class TopK<T> {
  /** A min-heap by `compare`: the root is the least of the items kept, the first to give way. */
  readonly #heap: T[] = [];

  /**
   * @param limit how many items are kept
   * @param compare positive when `a` ranks above `b`, negative when below; a total order
   */
  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  push(item: T): void {
    const heap = this.#heap;
    if (heap.length < this.limit) {
      heap.push(item);
      this.#up(heap.length - 1);
    } else if (heap.length > 0 && this.compare(item, heap[0] as T) > 0) {
      heap[0] = item;
      this.#down(0);
    }
  }

  /** The items kept, greatest first. */
  sorted(): T[] {
    return [...this.#heap].sort((a, b) => this.compare(b, a));
  }

  #up(index: number): void {
    const heap = this.#heap;
    for (let i = index; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.compare(heap[i] as T, heap[parent] as T) >= 0) return;
      [heap[i], heap[parent]] = [heap[parent] as T, heap[i] as T];
      i = parent;
    }
  }

  #down(index: number): void {
    const heap = this.#heap;
    for (let i = index; ; ) {
      const [left, right] = [2 * i + 1, 2 * i + 2];
      let least = i;
      if (left < heap.length && this.compare(heap[left] as T, heap[least] as T) < 0) least = left;
      if (right < heap.length && this.compare(heap[right] as T, heap[least] as T) < 0) least = right;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least] as T, heap[i] as T];
      i = least;
    }
  }
}
