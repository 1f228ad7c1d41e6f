/**
 * Packuments as the registry serves them at `GET /<name>` (full document, `Accept:
 * application/json`) and abbreviated (`Accept: application/vnd.npm.install-v1+json`).
 *
 * Shapes mirror npm/registry docs/REGISTRY-API.md ("Package" and "Version" objects) and
 * docs/responses/package-metadata.md; the unpublished form (HTTP 200, only `time` with an
 * `unpublished` entry) mirrors what registry.npmjs.org answers for unpublished names, as
 * quoted in npm/registry-issue-archive#277 and remarkablemark/npm-package-name-checker#6.
 */
import { hash32 } from "./random.js";
import { NO_README } from "./readme.js";
import type { PackageRecord, VersionRecord } from "./world-types.js";

type Json = Record<string, unknown>;

function hex(text: string, length: number): string {
  let out = "";
  for (let i = 0; out.length < length; i++) out += hash32(`${text}#${i}`).toString(16).padStart(8, "0");
  return out.slice(0, length);
}

/** `_rev` as CouchDB writes it: a counter and a digest. */
export function revOf(pkg: PackageRecord): string {
  return `${pkg.rev}-${hex(`${pkg.name}@${pkg.rev}`, 32)}`;
}

function licenseFields(pkg: PackageRecord): Json {
  switch (pkg.license.kind) {
    case "spdx":
    case "legacy-object":
      return { license: pkg.license.license };
    case "legacy-array":
      return { licenses: pkg.license.licenses };
    case "none":
      return {};
  }
}

function dist(pkg: PackageRecord, v: VersionRecord): Json {
  const file = pkg.name.replace(/^@[^/]+\//, "");
  // The registry's shape for a version published with provenance (npm docs, "Generating provenance statements").
  const attestations = {
    url: `https://registry.npmjs.org/-/npm/v1/attestations/${pkg.name}@${v.version}`,
    provenance: { predicateType: "https://slsa.dev/provenance/v1" },
  };
  return {
    shasum: hex(`${pkg.name}@${v.version}`, 40),
    tarball: `https://registry.npmjs.org/${pkg.name}/-/${file}-${v.version}.tgz`,
    integrity: `sha512-${Buffer.from(hex(`${pkg.name}@${v.version}:i`, 64), "hex").toString("base64")}`,
    ...(pkg.facts.provenance ? { attestations } : {}),
  };
}

/** `engines`, Node-RED's `node-red`, `scripts` and `hasInstallScript`, where the package has them. */
function factFields(pkg: PackageRecord): Json {
  const { engines, nodeRed, scripts, hasInstallScript } = pkg.facts;
  return {
    ...(engines === undefined ? {} : { engines }),
    ...(nodeRed === undefined ? {} : { "node-red": nodeRed }),
    ...(scripts === undefined ? {} : { scripts }),
    ...(hasInstallScript === undefined ? {} : { hasInstallScript }),
  };
}

/** `dist-tags`: `latest` is the last version unless the package says otherwise. */
export function distTagsOf(pkg: PackageRecord): Record<string, string> {
  const latest = pkg.versions.at(-1);
  return { ...(latest === undefined ? {} : { latest: latest.version }), ...pkg.distTags };
}

/** The manifest of one version, as published (every version carries the current fields). */
export function manifestOf(pkg: PackageRecord, v: VersionRecord): Json {
  const deprecated = pkg.deprecated?.version === v.version ? pkg.deprecated.message : undefined;
  return {
    name: pkg.name,
    version: v.version,
    description: pkg.description,
    keywords: pkg.keywords,
    ...licenseFields(pkg),
    homepage: pkg.homepage,
    repository: pkg.repository,
    bugs: pkg.bugs,
    displayName: pkg.displayName,
    ...factFields(pkg),
    ...pkg.manifestExtras,
    deprecated,
    main: "index.js",
    _id: `${pkg.name}@${v.version}`,
    _npmUser: pkg.publisher,
    _npmVersion: "10.8.2",
    _nodeVersion: "20.17.0",
    maintainers: pkg.maintainers,
    dist: dist(pkg, v),
  };
}

function timeMap(pkg: PackageRecord): Json {
  const time: Json = { created: pkg.created, modified: pkg.modified };
  for (const v of pkg.versions) time[v.version] = v.time;
  return time;
}

/** The full packument; `readme` is produced on demand because it is the bulk of it. */
export function packumentOf(pkg: PackageRecord, readme: () => string): Json {
  const base = { _id: pkg.name, _rev: revOf(pkg), name: pkg.name };
  if (pkg.unpublished) {
    const { time, versions, latest } = pkg.unpublished;
    const unpublished = { name: pkg.publisher.name, time, tags: { latest }, maintainers: pkg.maintainers, versions };
    return { ...base, time: { ...timeMap(pkg), unpublished }, _attachments: {} };
  }
  const latest = pkg.versions[pkg.versions.length - 1];
  if (!latest) throw new Error(`${pkg.name} has no versions`);
  const versions: Json = {};
  for (const v of pkg.versions) versions[v.version] = manifestOf(pkg, v);
  return {
    ...base,
    "dist-tags": distTagsOf(pkg),
    versions,
    time: timeMap(pkg),
    maintainers: pkg.maintainers,
    description: pkg.description,
    homepage: pkg.homepage,
    keywords: pkg.keywords,
    repository: pkg.repository,
    bugs: pkg.bugs,
    ...licenseFields(pkg),
    readme: pkg.hasReadme ? readme() : NO_README,
    readmeFilename: pkg.hasReadme ? "README.md" : "",
  };
}

/** The install-only document: no readme, no `time`, only `modified`. */
export function abbreviatedOf(pkg: PackageRecord): Json {
  const versions: Json = {};
  for (const v of pkg.versions) {
    const deprecated = pkg.deprecated?.version === v.version ? pkg.deprecated.message : undefined;
    versions[v.version] = { name: pkg.name, version: v.version, deprecated, dist: dist(pkg, v) };
  }
  return { name: pkg.name, modified: pkg.modified, "dist-tags": distTagsOf(pkg), versions };
}
