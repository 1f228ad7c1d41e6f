/** `compat` checked against what a catalog knows of its host (core/compat.ts): what it resolves to, and every refusal's words. */
import { describe, expect, it } from "vitest";
import { compatCheck, HostTable } from "../../src/core/compat.js";
import { parseQuery, queryKey } from "../../src/core/query.js";

const table = new HostTable({
  host: "node-red",
  latest: "4.1.2",
  versions: ["4.1.2", "4.0.0", "1.0.0", "4.1.0-beta.1", "2.0.0+build.7"],
  sets: [0, 0, 1, 2, 1],
  tags: [
    ["latest", "4.1.2"],
    ["next", "4.1.0-beta.1"],
  ],
  packs: [0],
});
const check = compatCheck({ kind: "read", table });

describe("compatCheck", () => {
  it.each([
    ["4.1.2", "4.1.2"],
    ["4.1.0-beta.1", "4.1.0-beta.1"],
    ["2.0.0+build.7", "2.0.0+build.7"],
    ["latest", "4.1.2"],
    ["next", "4.1.0-beta.1"],
  ])("%s stands for %s", (given, version) => {
    expect(check(given)).toEqual({ version });
  });

  it.each([
    ["9.9.9", '"9.9.9" is not a version of node-red; accepted: a published version or a dist-tag of node-red (latest: 4.1.2)'],
    [
      "v4.1.2",
      '"v4.1.2" is not a version of node-red (did you mean "4.1.2"?); accepted: a published version or a dist-tag of node-red (latest: 4.1.2)',
    ],
    [
      "Next",
      '"Next" is not a version of node-red (did you mean "next"?); accepted: a published version or a dist-tag of node-red (latest: 4.1.2)',
    ],
    ["2.0.0", '"2.0.0" is not a version of node-red; accepted: a published version or a dist-tag of node-red (latest: 4.1.2)'],
    ["__proto__", '"__proto__" is not a version of node-red; accepted: a published version or a dist-tag of node-red (latest: 4.1.2)'],
  ])("%s is refused, naming the host and its latest version", (given, problem) => {
    expect(check(given)).toEqual({ problem });
  });

  it("quotes a long value cut to 40 characters", () => {
    const result = check("x".repeat(300));
    expect("problem" in result && result.problem.startsWith(`"${"x".repeat(40)}…" is not a version`)).toBe(true);
  });

  it("a host without versions is named, with none as its latest", () => {
    const empty = new HostTable({ host: "h", latest: null, versions: [], sets: [], tags: [], packs: [] });
    expect(compatCheck({ kind: "read", table: empty })("1.0.0")).toEqual({
      problem: '"1.0.0" is not a version of h; accepted: a published version or a dist-tag of h (it has published none)',
    });
  });

  it("a catalog without a host, or that never read its versions, refuses every value and says why", () => {
    expect(compatCheck({ kind: "none" })("1.0.0")).toEqual({
      problem:
        '"1.0.0" cannot be checked: this catalog names no host (its configuration has no "compatibility"), so it cannot filter by compatibility; leave compat out',
    });
    expect(compatCheck({ kind: "unread", host: "node-red" })("latest")).toEqual({
      problem:
        '"latest" cannot be checked: this catalog has not read the versions of node-red, so it cannot filter by compatibility; leave compat out',
    });
  });
});

describe("parseQuery with a compat check", () => {
  const parsed = (query: string) => parseQuery(new URLSearchParams(query), undefined, check);

  it("keeps the version a dist-tag stands for: one effective query, one key", () => {
    const [byTag, byVersion] = [parsed("compat=latest&sort=name"), parsed("sort=name&compat=4.1.2")];
    expect(byTag.ok && byVersion.ok).toBe(true);
    if (byTag.ok && byVersion.ok) {
      expect(byTag.query.compat).toBe("4.1.2");
      expect(queryKey(byTag.query)).toBe(queryKey(byVersion.query));
      expect(queryKey(byTag.query)).toContain("compat=4.1.2");
    }
  });

  it("lists compat's problem among the others, in the order of the query string", () => {
    const result = parsed("sort=Stars&compat=9&page=0");
    expect(result.ok ? [] : result.problems.map((p) => p.parameter)).toEqual(["sort", "compat", "page"]);
  });

  it("without a check, compat is kept as given: the shim checks it against a catalog", () => {
    const result = parseQuery(new URLSearchParams("compat=anything"));
    expect(result.ok && result.query.compat).toBe("anything");
  });

  it("encodes compat in the key, so that no value can spell another query's key", () => {
    const result = parseQuery(new URLSearchParams("compat=1%26web%3D1"));
    expect(result.ok && queryKey(result.query)).toBe("sort=stars&page=1&per_page=50&compat=1%26web%3D1");
  });
});
