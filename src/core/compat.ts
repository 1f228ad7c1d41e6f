/**
 * `compat` (docs/API.md#compat) against one catalog: a version its host has
 * published, exactly as written, or one of its dist-tags, which stands for the
 * version it points to. Anything else is refused with a message that names
 * the host and its latest version. Pure: the shim hands it what the site's
 * files say of the host.
 */
import { type CompatCheck, quote } from "./query.js";
import type { CompatVersions } from "./site-format.js";

/** What one catalog knows of its host. */
export type HostKnowledge =
  | { readonly kind: "none" }
  | { readonly kind: "unread"; readonly host: string }
  | { readonly kind: "read"; readonly table: HostTable };

/** A `CompatVersions` file, ready for lookups. */
export class HostTable {
  readonly host: string;
  readonly latest: string | null;
  private readonly setOf = new Map<string, number>();
  private readonly tags: ReadonlyMap<string, string>;

  /** `file` as the build writes it: the shim checks its shape first. */
  constructor(file: CompatVersions) {
    this.host = file.host;
    this.latest = file.latest;
    file.versions.forEach((version, i) => {
      this.setOf.set(version, file.sets[i]!);
    });
    this.tags = new Map(file.tags);
  }

  /** The version `given` stands for: itself when the host published it, else the version of the dist-tag it names. */
  resolve(given: string): string | undefined {
    return this.setOf.has(given) ? given : this.tags.get(given);
  }

  /** The index of the set of plugins that `version` (one `resolve` gave) drops. */
  setIndex(version: string): number | undefined {
    return this.setOf.get(version);
  }

  /** What `given` was probably meant to be: a version or dist-tag that differs only by a leading `v` or `=`, or by case. */
  nearest(given: string): string | undefined {
    const bare = given.replace(/^[vV=]/, "");
    if (bare !== given && this.resolve(bare) !== undefined) return bare;
    const folded = given.toLowerCase();
    for (const name of [...this.tags.keys(), ...this.setOf.keys()]) if (name.toLowerCase() === folded) return name;
    return undefined;
  }
}

/**
 * @example
 * compatCheck({ kind: "read", table })("latest") // { version: "4.1.2" }
 * compatCheck({ kind: "read", table })("9.9.9")  // { problem: '"9.9.9" is not a version of node-red; accepted: …' }
 */
export function compatCheck(host: HostKnowledge): CompatCheck {
  return (given) => {
    switch (host.kind) {
      case "none":
        return {
          problem: `${quote(given)} cannot be checked: this catalog names no host (its configuration has no "compatibility"), so it cannot filter by compatibility; leave compat out`,
        };
      case "unread":
        return {
          problem: `${quote(given)} cannot be checked: this catalog has not read the versions of ${host.host}, so it cannot filter by compatibility; leave compat out`,
        };
      case "read": {
        const version = host.table.resolve(given);
        return version === undefined ? { problem: unknownVersion(host.table, given) } : { version };
      }
    }
  };
}

function unknownVersion(table: HostTable, given: string): string {
  const nearest = table.nearest(given);
  const hint = nearest === undefined ? "" : ` (did you mean ${quote(nearest)}?)`;
  const latest = table.latest === null ? "it has published none" : `latest: ${table.latest}`;
  return `${quote(given)} is not a version of ${table.host}${hint}; accepted: a published version or a dist-tag of ${table.host} (${latest})`;
}
