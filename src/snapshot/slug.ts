/**
 * Slugs: URL-safe (`[a-z0-9._~-]`), unique, and a function of the package
 * name alone, so a plugin keeps its slug from day to day whatever else the
 * catalog holds.
 *
 * - `foo-bar` → `foo-bar` (a modern unscoped name is its own slug)
 * - `@acme/foo` → `acme~foo` (the only slugs with exactly one `~`)
 * - anything else (legacy upper case, `!*'()~`) → a readable stem, `~~`, and
 *   10 hex digits of the name's SHA-256: `JSONStream` → `jsonstream~~e8984fe355`
 */
import { createHash } from "node:crypto";

const PLAIN = /^[a-z0-9][a-z0-9._-]*$/;
const SCOPED = /^@([a-z0-9][a-z0-9._-]*)\/([a-z0-9][a-z0-9._-]*)$/;

export function slugFor(npmName: string): string {
  if (PLAIN.test(npmName)) return npmName;
  const scoped = SCOPED.exec(npmName);
  if (scoped) return `${scoped[1]}~${scoped[2]}`;
  const stem = npmName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const hash = createHash("sha256").update(npmName).digest("hex").slice(0, 10);
  return `${stem || "pkg"}~~${hash}`;
}
