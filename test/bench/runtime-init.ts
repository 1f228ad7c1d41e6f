/**
 * Node 20 builds its Fetch API globals (undici's Request, Response, streams)
 * and WebCrypto lazily, on first touch: 40–100 ms that an edge runtime, where
 * they are built in, never pays, and that a Node server pays once per process
 * whatever it serves. Touching them here, before a cold sample, keeps that
 * cost out of the shim's cold start; it is reported on its own.
 */
export async function initFetchRuntime(): Promise<void> {
  const response = new Response(new Uint8Array(1), { status: 200, headers: { "Content-Type": "text/plain" } });
  await response.text();
  void new Request("http://runtime.invalid/?a=1").url;
  new URL("http://runtime.invalid/?a=1").searchParams.get("a");
  await crypto.subtle.digest("SHA-256", new TextEncoder().encode("a"));
}
