/**
 * One host's repositories by path, with the redirects a rename leaves behind.
 *
 * GitHub and GitLab behave alike here: paths are case-insensitive, a renamed or transferred
 * repository stays reachable under its old path, and a repository created later at the old
 * path takes it over (canonical paths win over redirects).
 */

export interface Resolved<T> {
  repo: T;
  /** The path given was an old name of the repository. */
  redirected: boolean;
}

export class RepoIndex<T extends { id: number }> {
  readonly #byPath = new Map<string, T>();
  readonly #byId = new Map<number, T>();
  readonly #redirects = new Map<string, number>();
  readonly #pathOf: (repo: T) => string;

  constructor(pathOf: (repo: T) => string) {
    this.#pathOf = pathOf;
  }

  get size(): number {
    return this.#byId.size;
  }

  values(): IterableIterator<T> {
    return this.#byId.values();
  }

  add(repo: T): void {
    this.#byPath.set(this.#pathOf(repo).toLowerCase(), repo);
    this.#byId.set(repo.id, repo);
  }

  byId(id: number): T | undefined {
    return this.#byId.get(id);
  }

  /** Looks a path up the way the host does: canonical first, then old names. */
  find(path: string): Resolved<T> | undefined {
    const key = path.toLowerCase();
    const repo = this.#byPath.get(key);
    if (repo) return { repo, redirected: false };
    const id = this.#redirects.get(key);
    const moved = id === undefined ? undefined : this.#byId.get(id);
    return moved ? { repo: moved, redirected: true } : undefined;
  }

  /** Re-indexes `repo` after `change` renamed it; the old path becomes a redirect. */
  move(repo: T, change: () => void): void {
    const oldKey = this.#pathOf(repo).toLowerCase();
    change();
    this.#byPath.delete(oldKey);
    this.#redirects.set(oldKey, repo.id);
    this.#byPath.set(this.#pathOf(repo).toLowerCase(), repo);
    this.#redirects.delete(this.#pathOf(repo).toLowerCase());
  }

  /** Deletes the repository; its redirects die with it (checked on lookup). */
  delete(repo: T): void {
    this.#byPath.delete(this.#pathOf(repo).toLowerCase());
    this.#byId.delete(repo.id);
  }
}
