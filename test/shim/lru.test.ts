/** The shim's LRU: bounded by size, least recently used out first, one load per key at a time. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Lru } from "../../src/shim/lru.js";

describe("Lru", () => {
  it("never holds more than its bound, keeps the most recently used, and reports what it pushes out", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("get", "set"), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 5 })), {
          maxLength: 80,
        }),
        (steps) => {
          const evicted: number[] = [];
          const lru = new Lru<number, number>(
            10,
            (size) => size,
            (size) => evicted.push(size),
          );
          const model: [number, number][] = []; // [key, size], least recent first
          const modelEvicted: number[] = [];
          for (const [op, key, size] of steps) {
            const at = model.findIndex(([k]) => k === key);
            if (op === "get") {
              expect(lru.get(key)).toBe(at < 0 ? undefined : model[at]![1]);
              if (at >= 0) model.push(...model.splice(at, 1));
              continue;
            }
            lru.set(key, size);
            if (at >= 0) model.splice(at, 1);
            while (model.reduce((sum, [, s]) => sum + s, 0) + size > 10) modelEvicted.push(model.shift()![1]);
            model.push([key, size]);
          }
          expect(evicted).toEqual(modelEvicted);
          for (const [key, size] of model) expect(lru.get(key)).toBe(size);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("spares a value marked used once, as the most recent, and ends when every value is marked", () => {
    type Entry = { name: string; used: boolean };
    const evicted: string[] = [];
    const spare = (entry: Entry) => {
      const spared = entry.used;
      entry.used = false;
      return spared;
    };
    const lru = new Lru<string, Entry>(
      3,
      () => 1,
      (entry) => evicted.push(entry.name),
      spare,
    );
    const entries = Object.fromEntries(["a", "b", "c", "d", "e"].map((name) => [name, { name, used: false }]));
    for (const name of ["a", "b", "c"]) lru.set(name, entries[name]!);
    entries["a"]!.used = true;
    lru.set("d", entries["d"]!);
    expect(evicted).toEqual(["b"]);
    for (const name of ["a", "c", "d"]) expect(lru.has(name), name).toBe(true);
    // From the least recent: c, a (spared, so moved after c), d. Marks move nothing.
    for (const name of ["a", "c", "d"]) entries[name]!.used = true;
    lru.set("e", entries["e"]!);
    // All three were spared once, in turn, and then the least recent of them went.
    expect(evicted).toEqual(["b", "c"]);
  });

  it("does not keep a value larger than its bound", () => {
    const lru = new Lru<string, number>(10, (size) => size);
    lru.set("big", 11);
    expect(lru.has("big")).toBe(false);
  });

  it("loads a key once however many ask meanwhile, and forgets a failed load", async () => {
    const lru = new Lru<string, number>(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([lru.load("a", load), lru.load("a", load), lru.load("a", load)])).toEqual([1, 1, 1]);
    expect(await lru.load("a", load)).toBe(1);
    await expect(lru.load("b", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await lru.load("b", load)).toBe(2);
  });
});
