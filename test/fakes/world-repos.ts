/**
 * The repositories of the fake GitHub and GitLab: creation, renames (which leave
 * redirects, as both hosts do), deletion, star counts and facts. Paths are
 * case-insensitive on lookup and keep their canonical casing in answers.
 */
import { hash32 } from "./random.js";
import { RepoIndex, type Resolved } from "./repo-index.js";
import type { AnswerEdit, GitHubRepo, GitLabNamespace, GitLabProject, RepoFacts } from "./world-types.js";

export type RepoFields = Pick<GitHubRepo, "stars" | "forks" | "archived" | "description" | "createdAt">;

const DAY_MS = 86_400_000;
const BRANCHES = ["main", "main", "master", "develop"] as const;

/**
 * A repository's issues, last push and default branch, drawn from a hash of its path rather than the world's random
 * streams, so that adding them changed no other value a seed gives. One in 50 is empty (never pushed, no branch); one
 * in 5 has no open issue.
 */
function drawnFacts(path: string, createdAt: string) {
  const h = hash32(`${path.toLowerCase()}#facts`);
  const empty = (h >>> 17) % 50 === 0;
  const lastChange = new Date(Date.parse(createdAt) + ((h >>> 6) % 2400) * DAY_MS + (h % 86_400) * 1000).toISOString();
  return {
    openIssues: h % 5 === 0 ? 0 : (h >>> 3) % 60,
    openPullRequests: (h >>> 9) % 8,
    closedIssues: (h >>> 13) % 200,
    issuesEnabled: (h >>> 11) % 10 !== 0,
    pushedAt: empty ? null : lastChange,
    lastActivityAt: lastChange,
    defaultBranch: empty ? null : (BRANCHES[(h >>> 24) % BRANCHES.length] ?? "main"),
  };
}

/** What both hosts share; `relocate` sets the fields that make up a repository's path. */
abstract class RepoHost<T extends { id: number; stars: number; forks: number; archived: boolean }> {
  readonly index: RepoIndex<T>;
  protected nextId: number;
  readonly #edits = new Map<number, AnswerEdit>();

  protected constructor(firstId: number, pathOf: (repo: T) => string) {
    this.index = new RepoIndex(pathOf);
    this.nextId = firstId;
  }

  protected abstract relocate(repo: T, path: string): void;

  find(path: string): Resolved<T> | undefined {
    return this.index.find(path);
  }

  /** Renames or transfers `from` to `to`; `from` keeps answering, as a redirect. */
  rename(from: string, to: string): T {
    const repo = this.#require(from);
    const taken = this.find(to);
    if (taken && !taken.redirected && taken.repo !== repo) throw new Error(`${to} already exists`);
    this.index.move(repo, () => this.relocate(repo, to));
    return repo;
  }

  /** Deletes the repository `path` names (an old name deletes the renamed repository). */
  delete(path: string): boolean {
    const found = this.find(path);
    if (found) this.index.delete(found.repo);
    return found !== undefined;
  }

  /** Sets (or with undefined removes) the rewrite of repository `id`'s answers. */
  editAnswer(id: number, edit: AnswerEdit | undefined): void {
    if (edit === undefined) this.#edits.delete(id);
    else this.#edits.set(id, edit);
  }

  /** `node` as the host answers it for repository `id`: rewritten when a test said so; undefined drops it. */
  answer(id: number, node: Record<string, unknown>, api: "graphql" | "rest"): unknown {
    const edit = this.#edits.get(id);
    return edit === undefined ? node : edit(node, api);
  }

  /** Sets some of the repository's facts (what it answers for archived, open issues, last push, default branch). */
  setFacts(path: string, facts: RepoFacts): T {
    const repo = this.#require(path);
    Object.assign(repo, facts);
    return repo;
  }

  setStars(path: string, stars: number, forks?: number): T {
    const repo = this.#require(path);
    repo.stars = stars;
    if (forks !== undefined) repo.forks = forks;
    return repo;
  }

  #require(path: string): T {
    const found = this.find(path);
    if (!found) throw new Error(`no repository at ${path}`);
    return found.repo;
  }
}

function splitLast(path: string): [string, string] {
  const at = path.lastIndexOf("/");
  if (at <= 0) throw new Error(`not a repository path: ${path}`);
  return [path.slice(0, at), path.slice(at + 1)];
}

export class GitHubHost extends RepoHost<GitHubRepo> {
  constructor() {
    super(10_000_001, (repo) => `${repo.owner}/${repo.name}`);
  }

  create(path: string, fields: RepoFields): GitHubRepo {
    const [owner, name] = splitLast(path);
    // Owner kind is a property of the login, so it stays the same across that owner's repos.
    const ownerType = hash32(owner.toLowerCase()) % 3 === 0 ? "Organization" : "User";
    const { openIssues, openPullRequests, closedIssues, pushedAt, defaultBranch } = drawnFacts(path, fields.createdAt);
    const facts = { openIssues, openPullRequests, closedIssues, pushedAt, defaultBranch };
    const repo: GitHubRepo = { id: this.nextId++, owner, ownerType, name, ...fields, ...facts };
    this.index.add(repo);
    return repo;
  }

  protected relocate(repo: GitHubRepo, path: string): void {
    [repo.owner, repo.name] = splitLast(path);
  }
}

export class GitLabHost extends RepoHost<GitLabProject> {
  readonly #namespaces = new Map<string, GitLabNamespace>();
  #nextNamespaceId = 5_000_001;

  constructor() {
    super(40_000_001, (project) => `${project.namespace.fullPath}/${project.path}`);
  }

  /** The group (or user) namespace at `fullPath`, creating it and its parents on first use. */
  namespace(fullPath: string): GitLabNamespace {
    const known = this.#namespaces.get(fullPath.toLowerCase());
    if (known) return known;
    const at = fullPath.lastIndexOf("/");
    const parent = at > 0 ? this.namespace(fullPath.slice(0, at)) : undefined;
    if (parent) parent.kind = "group"; // only groups have subgroups
    const path = fullPath.slice(at + 1);
    const kind = parent || hash32(path) % 4 !== 0 ? "group" : "user";
    const ns: GitLabNamespace = { id: this.#nextNamespaceId++, name: path, path, fullPath, kind, parentId: parent?.id ?? null };
    this.#namespaces.set(fullPath.toLowerCase(), ns);
    return ns;
  }

  create(path: string, fields: RepoFields): GitLabProject {
    const [nsPath, name] = splitLast(path);
    const { openIssues, issuesEnabled, lastActivityAt, defaultBranch } = drawnFacts(path, fields.createdAt);
    const facts = { openIssues, issuesEnabled, lastActivityAt, defaultBranch };
    const project: GitLabProject = { id: this.nextId++, namespace: this.namespace(nsPath), name, path: name, ...fields, ...facts };
    this.index.add(project);
    return project;
  }

  protected relocate(project: GitLabProject, path: string): void {
    const [nsPath, name] = splitLast(path);
    project.namespace = this.namespace(nsPath);
    project.path = name;
    project.name = name;
  }
}
