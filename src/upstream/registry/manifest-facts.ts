/**
 * What the latest manifest says about running and trusting a plugin
 * (docs/API.md#engines-and-trust): the Node.js range, the host's range
 * (config `compatibility.ranges`), provenance and install scripts. Pure; every
 * value may be of any type.
 */
import { validRange } from "semver";
import { BOUNDS, boundedText, cleanText, isLongerThan } from "../../core/bounds.js";
import type { Trust as DetailTrust, Engines } from "../../core/detail-body.js";
import { valueAtPath } from "./display-name.js";

export type { Engines };

/** What the manifest tells of installing it: the detail's trust facts but the license's, which the site checks. */
export type Trust = Omit<DetailTrust, "spdxLicense">;

/** The scripts npm runs when the package is installed. */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall"] as const;

/** `engines.node` when a string (cleaned, cut like `version`); the host range of {@link hostRangeOf}. */
export function enginesOf(manifest: Readonly<Record<string, unknown>>, hostRanges: readonly string[]): Engines {
  const node = ownField(objectField(manifest, "engines"), "node");
  return { node: typeof node === "string" ? boundedText(node, BOUNDS.version) : null, host: hostRangeOf(manifest, hostRanges) };
}

/**
 * The first of `paths` (dotted, as `displayName`'s) whose value is a string that npm's semver accepts as a range
 * (`validRange`, not loose), exactly as written; null when none is. A value over `BOUNDS.version` code points, or one
 * with characters that cleaning would change, is not taken: it could not be shown as written.
 */
export function hostRangeOf(manifest: unknown, paths: readonly string[]): string | null {
  for (const path of paths) {
    const value = valueAtPath(manifest, path);
    if (typeof value !== "string" || isLongerThan(value, BOUNDS.version) || cleanText(value) !== value) continue;
    if (validRange(value) !== null) return value;
  }
  return null;
}

/**
 * `provenance`: the latest version's `dist.attestations` is an object (not null, not an array); `installScripts`:
 * its `scripts` has a non-empty `preinstall`, `install` or `postinstall`, or `hasInstallScript` is `true`.
 */
export function trustOf(manifest: Readonly<Record<string, unknown>>): Trust {
  const scripts = objectField(manifest, "scripts");
  const runsOnInstall = INSTALL_SCRIPTS.some((name) => {
    const script = ownField(scripts, name);
    return typeof script === "string" && script !== "";
  });
  return {
    provenance: objectField(objectField(manifest, "dist"), "attestations") !== undefined,
    installScripts: runsOnInstall || ownField(manifest, "hasInstallScript") === true,
  };
}

/** Own properties only: a manifest without `scripts` must not find `Object.prototype`'s. */
function ownField(object: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
  return object !== undefined && Object.hasOwn(object, key) ? object[key] : undefined;
}

function objectField(object: Readonly<Record<string, unknown>> | undefined, key: string): Readonly<Record<string, unknown>> | undefined {
  const value = ownField(object, key);
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
