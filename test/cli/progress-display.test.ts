import { describe, expect, it } from "vitest";
import { createProgress } from "../../src/cli/progress-display.js";

describe("progress without a terminal (CI logs)", () => {
  it("prints one line per phase and then at most one every five seconds, and the last", () => {
    const lines: string[] = [];
    let now = 0;
    const progress = createProgress({ stdout: () => {}, stderr: (text) => lines.push(text), isTTY: false }, () => now);
    progress.phase("packuments", 1000);
    for (let i = 0; i < 1000; i++) {
      now += 20; // 20 s in all
      progress.advance();
    }
    expect(lines[0]).toBe("packuments: 0/1000\n");
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(lines.at(-1)).toBe("packuments: 1000/1000\n");
  });
});
