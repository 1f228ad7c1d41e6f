// @ts-check
/**
 * The host's versions for the compat filter (contract section 12): newest
 * first by Semantic Versioning 2.0.0's precedence (build metadata ignored), a
 * prerelease just before its release, then anything that is no semantic
 * version as the API listed it.
 */

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/;
const NUMERIC = /^(0|[1-9]\d*)$/;

/** @typedef {{ text: string, core: [string, string, string], pre: string[] | null }} Parsed */

/**
 * @param {readonly string[]} versions
 * @returns {{ newestFirst: string[], others: string[] }}
 */
export function orderVersions(versions) {
  /** @type {Parsed[]} */
  const parsedVersions = [];
  /** @type {string[]} */
  const others = [];
  for (const text of versions) {
    const match = SEMVER.exec(text);
    if (!match) {
      others.push(text);
      continue;
    }
    const parsed = {
      text,
      core: /** @type {[string, string, string]} */ ([match[1] ?? "", match[2] ?? "", match[3] ?? ""]),
      pre: match[4]?.split(".") ?? null,
    };
    parsedVersions.push(parsed);
  }
  parsedVersions.sort((a, b) => compare(b, a));
  return { newestFirst: parsedVersions.map((v) => v.text), others };
}

/** @param {Parsed} a @param {Parsed} b */
function compare(a, b) {
  for (let i = 0; i < 3; i++) {
    const order = compareDigits(a.core[i] ?? "", b.core[i] ?? "");
    if (order !== 0) return order;
  }
  if (!a.pre || !b.pre) return (a.pre ? -1 : 0) + (b.pre ? 1 : 0);
  const length = Math.max(a.pre.length, b.pre.length);
  for (let i = 0; i < length; i++) {
    const [x, y] = [a.pre[i], b.pre[i]];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const order = compareIdentifiers(x, y);
    if (order !== 0) return order;
  }
  return 0;
}

/** Numeric identifiers are lower than alphanumeric ones, and compared as numbers. @param {string} x @param {string} y */
function compareIdentifiers(x, y) {
  const [xNumber, yNumber] = [NUMERIC.test(x), NUMERIC.test(y)];
  if (xNumber && yNumber) return compareDigits(x, y);
  if (xNumber !== yNumber) return xNumber ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Digit strings without leading zeros, of any length. @param {string} x @param {string} y */
const compareDigits = (x, y) => x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
