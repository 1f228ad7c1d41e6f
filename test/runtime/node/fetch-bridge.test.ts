import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyBytes } from "../../../src/runtime/node/fetch-bridge.js";

const streamOf = (chunks: readonly Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe("bodyBytes, the bytes serve writes for a response", () => {
  it("is the body's one chunk itself, not a copy", async () => {
    const chunk = new TextEncoder().encode('{"total":0}');
    expect(await bodyBytes(new Response(streamOf([chunk])))).toBe(chunk);
  });

  it("is every chunk in order when there are several", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 1, maxLength: 40 }), { maxLength: 6 }), async (chunks) => {
        const bytes = await bodyBytes(new Response(streamOf(chunks)));
        expect(Buffer.from(bytes ?? []).equals(Buffer.concat(chunks))).toBe(true);
      }),
    );
  });

  it("is undefined without a body", async () => {
    expect(await bodyBytes(new Response(null, { status: 204 }))).toBeUndefined();
  });
});
