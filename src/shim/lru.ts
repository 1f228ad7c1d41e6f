/**
 * A least-recently-used map bounded by a total size: a `Map` keeps insertion
 * order, so touching an entry is delete-and-set and the oldest is the first
 * key. A general-purpose LRU library costs a cold isolate more to compile
 * and set up than this whole shim's caching needs.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { readonly value: V; readonly size: number }>();
  private readonly loading = new Map<K, Promise<V>>();
  private total = 0;
  private evictionCount = 0;

  /**
   * @param sizeOf each entry's share of `maxSize` (default 1: `maxSize` counts entries).
   * @param evicted called with each entry pushed out to make room for another.
   * @param spared asked of each entry about to be pushed out: true gives it a second chance, as the most recent
   *   entry. For users that mark use on the value itself (a field write) instead of calling `get`, which moves the
   *   entry in the map; it must answer true only once per use, so that pushing out ends.
   */
  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number = () => 1,
    private readonly evicted?: (value: V) => void,
    private readonly spared?: (value: V) => boolean,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** How many entries have been pushed out to make room. */
  get evictions(): number {
    return this.evictionCount;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` unless it alone is larger than the bound (then `has(key)` is false afterwards). */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.maxSize) return;
    // A spared entry moves to the end of the map, where this loop meets it again.
    for (const [oldest, entry] of this.entries) {
      if (this.total + size <= this.maxSize) break;
      if (this.spared?.(entry.value) === true) {
        this.entries.delete(oldest);
        this.entries.set(oldest, entry);
        continue;
      }
      this.delete(oldest);
      this.evictionCount++;
      this.evicted?.(entry.value);
    }
    this.entries.set(key, { value, size });
    this.total += size;
  }

  /** The kept value, or the one `load` gives (once, however many ask meanwhile); a failed load is not kept. */
  async load(key: K, load: () => Promise<V>): Promise<V> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = load()
        .then((value) => {
          this.set(key, value);
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}
