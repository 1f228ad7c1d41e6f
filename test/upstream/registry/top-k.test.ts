import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TopK } from "../../../src/upstream/registry/top-k.js";

describe("the greatest few of a stream", () => {
  it("keeps the `limit` greatest, greatest first", () => {
    const top = new TopK<number>(3, (a, b) => a - b);
    for (const n of [5, 1, 9, 3, 7, 9, 2]) top.push(n);
    expect(top.sorted()).toEqual([9, 9, 7]);
  });

  it("keeps nothing with a limit of 0", () => {
    const top = new TopK<number>(0, (a, b) => a - b);
    top.push(1);
    expect(top.sorted()).toEqual([]);
  });

  it("property: is the head of the whole stream sorted greatest first", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: 0, max: 20 }), (items, limit) => {
        const top = new TopK<number>(limit, (a, b) => a - b);
        for (const item of items) top.push(item);
        expect(top.sorted()).toEqual([...items].sort((a, b) => b - a).slice(0, limit));
      }),
    );
  });
});
