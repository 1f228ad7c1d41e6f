/**
 * One client per upstream host: bounded concurrency (p-limit), a timeout per
 * attempt that covers the body too, retries with backoff for transient
 * failures, and one gate for the host (host-gate.ts) that every attempt
 * passes right before it is sent: a rate limit holds back every request to
 * the host, and a host that is down is asked nothing more.
 */
import pLimit, { type LimitFunction } from "p-limit";
import { type BackoffPolicy, DEFAULT_BACKOFF, requestedWaitMs, retryDelayMs } from "./backoff.js";
import { HttpStatusError, isTransient, NetworkError, RateLimitedError, ResponseTooLargeError, TimeoutError } from "./errors.js";
import { type GateRecord, HostGate } from "./host-gate.js";
import { isRateLimitAnswer, limitedUntilMs, quotaResetMs } from "./rate-limit.js";

export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface UpstreamStats {
  requests: number;
  retries: number;
  notModified: number;
  /** Answers cut off at `maxBodyBytes`. */
  tooLarge: number;
  inFlight: number;
  maxInFlight: number;
}

export interface UpstreamClientOptions {
  readonly baseUrl: string;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoff?: BackoffPolicy;
  /**
   * The most bytes one answer may have (decoded); a longer one is cut off and fails with `ResponseTooLargeError`,
   * not retried (default 16 MiB). Anyone can put anything behind a package: no one answer may exhaust the build's memory.
   */
  readonly maxBodyBytes?: number;
  /** Sent with every request (e.g. Authorization). Never logged or reported. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Transient failures in a row that mark the host down for the rest of the build (default 5). */
  readonly failuresToDown?: number;
  /** The longest the build waits on this host's rate limits, all pauses together (default 5 minutes). */
  readonly pauseBudgetMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
  readonly onRetry?: (info: { error: unknown; attempt: number; delayMs: number }) => void;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Statuses returned to the caller instead of thrown (2xx always are). */
  readonly accept?: readonly number[];
}

const DEFAULT_MAX_BODY_BYTES = 16 << 20;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class UpstreamClient {
  readonly stats: UpstreamStats = { requests: 0, retries: 0, notModified: 0, tooLarge: 0, inFlight: 0, maxInFlight: 0 };
  private readonly limit: LimitFunction;
  private readonly gate: HostGate;

  constructor(private readonly options: UpstreamClientOptions) {
    this.limit = pLimit(options.concurrency);
    this.gate = new HostGate({
      failuresToDown: options.failuresToDown ?? 5,
      pauseBudgetMs: options.pauseBudgetMs ?? 5 * 60_000,
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    });
  }

  get maxBodyBytes(): number {
    return this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  }

  /** Pauses, and why the host was given up (if it was). */
  get gateRecord(): Readonly<GateRecord> {
    return this.gate.record;
  }

  /** For a limit only the body tells (GraphQL's RATE_LIMITED): nothing goes to the host before `untilMs`. */
  pauseUntil(untilMs: number, why: string): void {
    this.gate.pause(untilMs, why);
  }

  /** `path` is resolved against the base URL; the whole body is read before returning. */
  request(path: string, options: RequestOptions = {}): Promise<UpstreamResponse> {
    const url = joinUrl(this.options.baseUrl, path);
    return this.limit(() => this.withRetries(url, options));
  }

  private async withRetries(url: string, options: RequestOptions): Promise<UpstreamResponse> {
    const method = options.method ?? "GET";
    for (let attempt = 0; ; attempt++) {
      await this.gate.pass(method, url);
      // Counted once sent: a retry the gate refuses (the host went down meanwhile) costs the host nothing.
      if (attempt > 0) this.stats.retries++;
      try {
        const response = await this.attempt(url, options);
        this.gate.answered();
        return response;
      } catch (error) {
        this.gate.failed(error);
        if (!isTransient(error) || attempt >= this.options.retries) throw error;
        await this.beforeRetry(error, attempt);
      }
    }
  }

  /** A rate limit holds the whole host (the gate does the waiting); any other failure only this request. */
  private async beforeRetry(error: unknown, attempt: number): Promise<void> {
    const asked = error instanceof HttpStatusError ? error.retryAfterMs : undefined;
    const delayMs = retryDelayMs(attempt, asked, this.options.backoff ?? DEFAULT_BACKOFF);
    this.options.onRetry?.({ error, attempt, delayMs });
    if (error instanceof RateLimitedError) {
      this.gate.pause(Math.max(error.untilMs ?? 0, this.now() + delayMs), `rate limited: ${error.message}`);
    } else await (this.options.sleep ?? defaultSleep)(delayMs);
  }

  private async attempt(url: string, options: RequestOptions): Promise<UpstreamResponse> {
    const method = options.method ?? "GET";
    this.stats.requests++;
    this.stats.inFlight++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.stats.inFlight);
    try {
      const response = await fetch(url, {
        method,
        headers: { ...this.options.headers, ...options.headers },
        ...(options.body === undefined ? {} : { body: options.body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await boundedText(response, this.maxBodyBytes, method, url).catch((error: unknown) => {
        if (error instanceof ResponseTooLargeError) this.stats.tooLarge++;
        throw error;
      });
      return this.judge({ status: response.status, headers: response.headers, text }, method, url, options);
    } catch (error) {
      throw classify(error, method, url, this.options.timeoutMs);
    } finally {
      this.stats.inFlight--;
    }
  }

  /** The answer as the caller gets it, or the error it amounts to; a spent quota pauses the host even on a success. */
  private judge(response: UpstreamResponse, method: string, url: string, options: RequestOptions): UpstreamResponse {
    const { status, headers, text } = response;
    const now = this.now();
    if (isRateLimitAnswer(status, headers, text)) {
      throw new RateLimitedError(status, method, url, requestedWaitMs(headers, now), limitedUntilMs(status, headers, now));
    }
    const reset = quotaResetMs(headers);
    if (reset !== undefined) this.gate.pause(reset, `quota spent (${method} ${url})`);
    if (status === 304) this.stats.notModified++;
    const accepted = (status >= 200 && status < 300) || options.accept?.includes(status) === true;
    if (!accepted) throw new HttpStatusError(status, method, url, requestedWaitMs(headers, now));
    return response;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** The body as text, read no further than `maxBytes`. */
async function boundedText(response: Response, maxBytes: number, method: string, url: string): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  const tooLarge = () => new ResponseTooLargeError(maxBytes, method, url);
  if (response.body === null) return "";
  if (declared > maxBytes) {
    await response.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    length += read.value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length));
}

function classify(error: unknown, method: string, url: string, timeoutMs: number): unknown {
  if (error instanceof HttpStatusError || error instanceof ResponseTooLargeError) return error;
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))
    return new TimeoutError(method, url, timeoutMs);
  return new NetworkError(method, url, error);
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
