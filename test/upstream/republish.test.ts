/** Re-publishing an unchanged catalog changes nothing: same upstream data, same site bytes. */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld } from "../fakes/index.js";
import { describeRun, hashTree, makeTempDir, removeDir, runBuild, startUpstreams, type Upstreams, writeConfig } from "./support.js";

describe("an unchanged catalog", () => {
  let upstreams: Upstreams;
  let dir: string;
  beforeAll(async () => {
    upstreams = await startUpstreams(createWorld({ packages: 80, seed: 21 }));
    dir = await makeTempDir();
  });
  afterAll(async () => {
    await upstreams.close();
    await removeDir(dir);
  });

  it("is rebuilt byte for byte (only the run's report differs), and a change is not", async () => {
    const config = await writeConfig(dir, { keywords: ["acme-plugin"] });
    const first = await runBuild(upstreams, config, join(dir, "day1"), [], { env: { GITHUB_TOKEN: "t0ken-github" } });
    expect(first.code, describeRun(first)).toBe(0);
    const second = await runBuild(upstreams, config, join(dir, "day2"), ["--previous", join(dir, "day1")], {
      env: { GITHUB_TOKEN: "t0ken-github" },
    });
    expect(second.code, describeRun(second)).toBe(0);
    const [day1, day2] = await Promise.all([hashTree(join(dir, "day1")), hashTree(join(dir, "day2"))]);
    day1.delete("catalog/report.json");
    day2.delete("catalog/report.json");
    expect(day2).toEqual(day1);

    upstreams.world.bumpVersion(upstreams.world.names()[0]!);
    const third = await runBuild(upstreams, config, join(dir, "day3"), ["--previous", join(dir, "day2")], {
      env: { GITHUB_TOKEN: "t0ken-github" },
    });
    expect(third.code, describeRun(third)).toBe(0);
    const day3 = await hashTree(join(dir, "day3"));
    expect(day3.get("catalog/manifest.json")).not.toBe(day2.get("catalog/manifest.json"));
  });
});
