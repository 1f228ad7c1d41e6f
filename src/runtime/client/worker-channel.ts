/**
 * The client's shim in a dedicated worker of its own, where the page allows one: a cold answer reads dozens of
 * files, and each `fetch` and its body cost the thread that asks for them; in a worker, that is not the page's, so
 * typing in a search box never waits on it. The worker is `client.js` itself (a module worker named
 * `WORKER_NAME`), so nothing else is fetched; requests and answers cross as plain messages, each answer's body
 * transferred, not copied. A worker that reports an error hands its work over to the page's thread.
 */

/** A worker of another name (a page's own worker that imports `client.js`) is left alone. */
export const WORKER_NAME = "plugin-catalog-client";

export type ToWorker =
  | { readonly kind: "open"; readonly root: string }
  | {
      readonly kind: "fetch";
      readonly id: number;
      readonly url: string;
      readonly method: string;
      readonly headers: [string, string][];
    };

export type FromWorker =
  | { readonly kind: "ready" }
  | {
      readonly kind: "answer";
      readonly id: number;
      readonly status: number;
      readonly statusText: string;
      readonly headers: [string, string][];
      readonly body: ArrayBuffer | null;
    }
  | { readonly kind: "failed"; readonly id: number; readonly message: string };

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** A shim: a request in, a response out. */
type Answering = (request: Request) => Promise<Response>;

/** What a worker needs of its scope: messages in and out. */
interface WorkerScope {
  readonly name: string;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

/** In the client's own worker: answers each request with the shim `open` makes of the root the page sends first. */
export function answerInThisWorker(open: (root: URL) => Answering): void {
  const scope = globalThis as unknown as Partial<WorkerScope> & { document?: unknown };
  // Its name says a worker is the client's own (a page's window may have a name too, but it has a document).
  if (scope.name !== WORKER_NAME || scope.document !== undefined || typeof scope.postMessage !== "function") return;
  const worker = scope as WorkerScope;
  let shim: Answering | undefined;
  worker.onmessage = ({ data }) => {
    if (data.kind === "open") {
      shim = open(new URL(data.root));
      worker.postMessage({ kind: "ready" });
    } else if (shim !== undefined) void answer(worker, shim, data);
  };
}

async function answer(worker: WorkerScope, shim: Answering, message: Extract<ToWorker, { kind: "fetch" }>): Promise<void> {
  const { id, url, method, headers } = message;
  try {
    const response = await shim(new Request(url, { method, headers: [...headers] }));
    // A status that has no body takes none when the page builds the response again.
    const body = response.body === null || NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    const reply: FromWorker = {
      kind: "answer",
      id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
    };
    worker.postMessage(reply, body === null ? [] : [body]);
  } catch (error) {
    worker.postMessage({ kind: "failed", id, message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The shim in a new worker running `moduleUrl`, once it says it is ready; undefined where no worker can run it (no
 * `Worker`, a module of another origin, a Content-Security-Policy that refuses it, a worker that fails to start).
 */
export async function shimInWorker(moduleUrl: string, root: URL, fallback: () => Answering): Promise<Answering | undefined> {
  if (typeof Worker !== "function") return undefined;
  let worker: Worker;
  try {
    worker = new Worker(moduleUrl, { type: "module", name: WORKER_NAME });
  } catch {
    return undefined;
  }
  const started = await new Promise<boolean>((resolve) => {
    // A runtime whose worker neither starts nor fails (none is known) must not leave the caller waiting for ever.
    const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      resolve(ready);
    };
    worker.onmessage = ({ data }: MessageEvent<FromWorker>) => settle(data.kind === "ready");
    worker.onerror = (event) => {
      event.preventDefault();
      settle(false);
    };
    worker.postMessage({ kind: "open", root: root.href } satisfies ToWorker);
  });
  if (!started) {
    worker.terminate();
    return undefined;
  }
  return workerShim(worker, fallback);
}

/** Long enough for `client.js` to load on a slow connection; the page's thread answers after it. */
const START_TIMEOUT_MS = 10_000;

function workerShim(worker: Worker, fallback: () => Answering): Answering {
  const pending = new Map<number, { request: Request; resolve: (response: Response) => void; reject: (error: Error) => void }>();
  let next = 0;
  let thisThread: Answering | undefined;
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.kind === "ready") return;
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (data.kind === "failed") waiting?.reject(new Error(data.message));
    else waiting?.resolve(new Response(data.body, { status: data.status, statusText: data.statusText, headers: data.headers }));
  };
  // A worker that reports an error may be gone: what it was asked, and all that follows, is answered on this thread.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    thisThread ??= fallback();
    for (const { request, resolve, reject } of pending.values()) thisThread(request).then(resolve, reject);
    pending.clear();
  };
  return (request) => {
    if (thisThread !== undefined) return thisThread(request);
    return new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { request, resolve, reject });
      const message: ToWorker = { kind: "fetch", id, url: request.url, method: request.method, headers: [...request.headers] };
      worker.postMessage(message);
    });
  };
}
