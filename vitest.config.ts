import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["lib/**", "node_modules/**"],
    testTimeout: 30_000,
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine. Many files
    // spend their time waiting on child processes (the CLI, workerd, Chromium) and fake upstreams' delays,
    // so a third worker overlaps those waits.
    maxWorkers: 3,
    hookTimeout: 60_000,
  },
});
