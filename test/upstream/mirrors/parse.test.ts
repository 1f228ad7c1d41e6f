import { describe, expect, it } from "vitest";
import { mirrorFromRepository, mirrorFromWebUrl } from "../../../src/upstream/mirrors/parse.js";

describe("mirrors named by a package", () => {
  it.each([
    ["github:u/r", "github", "u/r"],
    ["gitlab:g/r", "gitlab", "g/r"],
    ["u/r", "github", "u/r"],
    ["git+https://github.com/u/r.git", "github", "u/r"],
    ["git+ssh://git@github.com/u/r.git", "github", "u/r"],
    ["git@gitlab.com:g/r.git", "gitlab", "g/r"],
    ["https://github.com/u/r/tree/main/packages/x", "github", "u/r"],
    ["https://github.com/u/r#readme", "github", "u/r"],
    ["https://gitlab.com/g/sub/r", "gitlab", "g/sub/r"],
  ])("repository %s → %s %s", (repository, platform, path) => {
    expect(mirrorFromRepository(repository)).toEqual({ platform, path });
    expect(mirrorFromRepository({ type: "git", url: repository })).toEqual({ platform, path });
  });

  it("reads repository pages in homepage and bugs URLs", () => {
    expect(mirrorFromWebUrl("https://github.com/u/r/issues")).toEqual({ platform: "github", path: "u/r" });
    expect(mirrorFromWebUrl({ url: "https://gitlab.com/g/sub/r/-/issues", email: "x@y" })).toEqual({ platform: "gitlab", path: "g/sub/r" });
  });

  it("ignores other hosts, non-repository pages and git shorthand in page URLs", () => {
    expect(mirrorFromRepository("bitbucket:u/r")).toBeUndefined();
    expect(mirrorFromWebUrl("https://example.com/u/r")).toBeUndefined();
    expect(mirrorFromWebUrl("https://github.com/u")).toBeUndefined();
    expect(mirrorFromWebUrl("docs/guide")).toBeUndefined();
  });

  it("names no repository with a . or .. segment, which a request URL would resolve into another API path", () => {
    for (const repository of [
      "github:../../x",
      "github:../x",
      "gitlab:../x",
      "github:a/..",
      "github:./x",
      "github:%2e%2e/x",
      "github:a b/c",
    ])
      expect(mirrorFromRepository(repository), repository).toBeUndefined();
    expect(mirrorFromWebUrl("https://github.com/a%20b/c")).toBeUndefined();
    expect(mirrorFromRepository("github:a.b/c..d")).toEqual({ platform: "github", path: "a.b/c..d" });
  });
});

describe("repository URLs that point into the repository", () => {
  it("are cut back to the repository, subgroups included", () => {
    expect(mirrorFromRepository("https://gitlab.com/jdoe/pkg/-/tree/main/packages/pkg")).toEqual({ platform: "gitlab", path: "jdoe/pkg" });
    expect(mirrorFromRepository({ type: "git", url: "git+https://gitlab.com/Ops/plugins/Cabin/-/tree/main" })).toEqual({
      platform: "gitlab",
      path: "Ops/plugins/Cabin",
    });
  });
});
