/**
 * The fake upstreams in a process of their own (`fakes-child.js SETUP_JSON`,
 * forked with an IPC channel): a seeded world and the fake registry, GitHub
 * and GitLab over it, each with the same latency. Kept apart from the bench
 * so that neither the CLI nor the bench's own work shares their event loop.
 * Exits when its parent goes away.
 */
import {
  createWorld,
  startFakeGitHub,
  startFakeGitLab,
  startFakeRegistry,
  type RunningFake,
  type World,
} from "../fakes/index.js";
import { UPSTREAMS, type FakesCall, type FakesOps, type FakesReady, type FakesReply, type FakesSetup, type Upstream, type UpstreamStats } from "./fakes-protocol.js";
import { Rng } from "./random.js";

type Fakes = Record<Upstream, RunningFake>;

function send(message: FakesReady | FakesReply): void {
  process.send?.(message);
}

function statsOf(fake: RunningFake): UpstreamStats {
  const { requests, maxInFlight, notModified, byRoute, byStatus } = fake.stats;
  return { requests, maxInFlight, notModified, byRoute: { ...byRoute }, byStatus: { ...byStatus } };
}

/** `count` published packages, the same ones for the same world and seed. */
function bump(world: World, count: number, seed: number): string[] {
  const published = world.names().filter((name) => world.get(name)?.unpublished === undefined);
  const names = new Rng(seed).sample(published, count);
  for (const name of names) world.bumpVersion(name);
  return names;
}

async function answer(world: World, fakes: Fakes, call: FakesCall): Promise<FakesOps[keyof FakesOps]["value"]> {
  switch (call.op) {
    case "stats":
      return { registry: statsOf(fakes.registry), github: statsOf(fakes.github), gitlab: statsOf(fakes.gitlab) };
    case "reset":
      for (const name of UPSTREAMS) fakes[name].stats.reset();
      return null;
    case "bump": {
      return { names: bump(world, call.args.count, call.args.seed) };
    }
    case "close":
      await Promise.all(UPSTREAMS.map((name) => fakes[name].close()));
      return null;
  }
}

async function main(): Promise<void> {
  if (process.send === undefined) throw new Error("fakes-child must be forked with an IPC channel");
  const setup = JSON.parse(process.argv[2] ?? "") as FakesSetup;
  const started = performance.now();
  const world = createWorld({ packages: setup.packages, seed: setup.seed });
  const worldMs = performance.now() - started;
  const latencyMs = setup.latencyMs;
  const fakes: Fakes = {
    registry: await startFakeRegistry({ world, latencyMs }),
    github: await startFakeGitHub({ world, latencyMs }),
    gitlab: await startFakeGitLab({ world, latencyMs }),
  };
  process.on("message", (message: FakesCall) => {
    answer(world, fakes, message).then(
      (value) => {
        send({ kind: "reply", id: message.id, ok: true, value });
        if (message.op === "close") process.disconnect();
      },
      (error: unknown) => send({ kind: "reply", id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.once("disconnect", () => {
    void Promise.all(UPSTREAMS.map((name) => fakes[name].close())).finally(() => process.exit(0));
  });
  send({
    kind: "ready",
    urls: { registry: fakes.registry.url, github: fakes.github.url, gitlab: fakes.gitlab.url },
    packages: setup.packages,
    githubRepos: world.github.index.size,
    gitlabProjects: world.gitlab.index.size,
    worldMs,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
