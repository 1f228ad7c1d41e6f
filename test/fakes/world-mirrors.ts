/**
 * A package's source repositories: creates them on the fake hosts and writes the
 * manifest fields that point at them, in the ways real manifests do (odd forms, other
 * casing, a renamed repository's old name, a repository that no longer exists).
 */
import type { Rng } from "./random.js";
import { recase, repoBugs, repoHomepage, repositoryField } from "./repo-refs.js";
import { OWNER_STEMS } from "./vocabulary.js";
import type { GitHubHost, GitLabHost } from "./world-repos.js";
import type { Host, PackageRecord } from "./world-types.js";

export interface MirrorContext {
  github: GitHubHost;
  gitlab: GitLabHost;
  /** GitHub paths already in use, for monorepos: several packages, one repository. */
  shared: string[];
  packages: number;
  iso: (ms: number) => string;
}

type MirrorFields = Pick<PackageRecord, "repository" | "homepage" | "bugs" | "mirrorRefs">;

function titled(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Creates the repository on `host` and returns the path the manifest will use for it. */
function createRepo(rng: Rng, ctx: MirrorContext, host: Host, base: string, index: number): string {
  const owners = Math.max(1, Math.floor(ctx.packages / 40));
  const owner = `${rng.pick(OWNER_STEMS)}${rng.int(0, owners) || ""}`;
  const group = host === "gitlab" && rng.chance(0.3) ? `${owner}/${rng.pick(["plugins", "Tools", "sub"])}` : owner;
  const name = rng.chance(0.3) ? base.split("-").map(titled).join("-") : base;
  const path = `${group}/${name}`;
  const stars = Math.floor(Math.exp(rng.float() * 9)) - 1;
  const fields = {
    stars,
    forks: Math.floor(stars * rng.float() * 0.3),
    archived: rng.chance(0.05),
    description: `Source of ${base}`,
    createdAt: ctx.iso(Date.UTC(2018, 0, 1) + index * 3_600_000),
  };
  const hostState = host === "github" ? ctx.github : ctx.gitlab;
  const roll = rng.float();
  if (roll < 0.03) return `ghost-${owner}/${name}-gone-${index.toString(36)}`; // never created: 404
  hostState.create(path, fields);
  if (roll < 0.09) {
    hostState.rename(path, `${group}/${name}-next`); // the manifest still names the old path
    return path;
  }
  if (host === "github" && rng.chance(0.3)) ctx.shared.push(path);
  return roll < 0.17 ? recase(path) : path;
}

function pickRepo(rng: Rng, ctx: MirrorContext, host: Host, base: string, index: number): string {
  const shared = host === "github" && ctx.shared.length > 0 && rng.chance(0.05);
  return shared ? rng.pick(ctx.shared) : createRepo(rng, ctx, host, base, index);
}

/** The `repository`, `homepage` and `bugs` of a package, and the mirrors they name. */
export function mirrorFields(rng: Rng, ctx: MirrorContext, base: string, index: number): MirrorFields {
  const plan = rng.float();
  const hosts: Host[] = plan < 0.08 ? [] : plan < 0.83 ? ["github"] : plan < 0.93 ? ["gitlab"] : ["github", "gitlab"];
  if (hosts.length === 2 && rng.chance(0.3)) hosts.reverse();
  const paths = hosts.map((host) => pickRepo(rng, ctx, host, base, index));
  const out: MirrorFields = { repository: undefined, homepage: undefined, bugs: undefined, mirrorRefs: [] };
  const [primary, secondary] = hosts;
  const [primaryPath, secondaryPath] = paths;
  if (primary && primaryPath !== undefined) {
    out.repository = repositoryField(rng, primary, primaryPath, base);
    out.mirrorRefs.push({ host: primary, path: primaryPath, field: "repository" });
  }
  if (secondary && secondaryPath !== undefined) {
    const inHomepage = rng.chance(0.6);
    if (inHomepage) out.homepage = repoHomepage(rng, secondary, secondaryPath);
    else out.bugs = repoBugs(rng, secondary, secondaryPath);
    out.mirrorRefs.push({ host: secondary, path: secondaryPath, field: inHomepage ? "homepage" : "bugs" });
  }
  if (out.homepage === undefined) out.homepage = otherHomepage(rng, out, base);
  if (out.bugs === undefined && primary && primaryPath !== undefined && rng.chance(0.6)) {
    out.bugs = repoBugs(rng, primary, primaryPath);
    out.mirrorRefs.push({ host: primary, path: primaryPath, field: "bugs" });
  }
  return out;
}

function otherHomepage(rng: Rng, out: MirrorFields, base: string): string | undefined {
  const ref = out.mirrorRefs[0];
  const roll = rng.float();
  if (ref && roll < 0.55) {
    out.mirrorRefs.push({ ...ref, field: "homepage" });
    return repoHomepage(rng, ref.host, ref.path);
  }
  if (roll < 0.7) return `https://${base}.example.org/`;
  if (roll < 0.75) return `http://docs.example.org/${base}`;
  if (roll < 0.8) return rng.chance(0.5) ? `www.example.org/${base}` : `ftp://example.org/${base}`;
  return undefined;
}
