/**
 * Caches the promise of an async load, so concurrent requests share one read;
 * a failed load is forgotten, so the next request tries again.
 */
export function memoize<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
