/**
 * Typed upstream failures. Each names the method and URL (never a token) so
 * a build report line says exactly what failed; the type guards drive retry
 * decisions.
 */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} (${method} ${url})`, options);
    this.name = "UpstreamError";
  }
}

export class HttpStatusError extends UpstreamError {
  constructor(
    readonly status: number,
    method: string,
    url: string,
    /** How long the upstream asked us to wait, if it said. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(`HTTP ${status}`, method, url);
    this.name = "HttpStatusError";
  }
}

export class TimeoutError extends UpstreamError {
  constructor(method: string, url: string, timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`, method, url);
    this.name = "TimeoutError";
  }
}

export class NetworkError extends UpstreamError {
  constructor(method: string, url: string, cause: unknown) {
    super(
      `network error: ${cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause)}`,
      method,
      url,
      { cause },
    );
    this.name = "NetworkError";
  }
}

/** The body was not what the upstream documents (bad JSON, missing fields, wrong types). */
export class MalformedResponseError extends UpstreamError {
  constructor(what: string, method: string, url: string) {
    super(`malformed response: ${what}`, method, url);
    this.name = "MalformedResponseError";
  }
}

/** The body was longer than the cap for one answer of this host (`UpstreamClientOptions.maxBodyBytes`). */
export class ResponseTooLargeError extends UpstreamError {
  constructor(
    readonly capBytes: number,
    method: string,
    url: string,
  ) {
    super(`the answer is over the ${describeBytes(capBytes)} cap for one response`, method, url);
    this.name = "ResponseTooLargeError";
  }
}

/** `104857600` → `"100 MiB"`. */
export function describeBytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${+(bytes / (1 << 20)).toFixed(1)} MiB` : `${+(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * The host said "slow down" (429, or GitHub's 403 for a primary or secondary
 * limit): the whole host pauses, not just this request.
 */
export class RateLimitedError extends HttpStatusError {
  constructor(
    status: number,
    method: string,
    url: string,
    retryAfterMs: number | undefined,
    /** Epoch ms before which the host asked for no request; undefined when it did not say. */
    readonly untilMs: number | undefined,
  ) {
    super(status, method, url, retryAfterMs);
    this.name = "RateLimitedError";
  }
}

/** Not sent: the host is down, or rate limited beyond what this build may wait, for the rest of the build. */
export class HostDownError extends UpstreamError {
  constructor(
    method: string,
    url: string,
    /** Why the host was given up, e.g. "5 requests in a row failed, the last with HTTP 503". */
    readonly reason: string,
  ) {
    super(`not sent: the host is given up for this build (${reason})`, method, url);
    this.name = "HostDownError";
  }
}

const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

export function isTransient(error: unknown): boolean {
  if (error instanceof RateLimitedError) return true;
  if (error instanceof HttpStatusError) return TRANSIENT_STATUSES.has(error.status);
  return error instanceof TimeoutError || error instanceof NetworkError;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HttpStatusError && (error.status === 404 || error.status === 410);
}
