/**
 * One client per upstream host: bounded concurrency (p-limit), a timeout per
 * attempt that covers the body too, retries with backoff for transient
 * failures, and a host-wide pause when the host says "slow down", so one
 * 429 holds back every request to that host, not just the one that got it.
 */
import pLimit, { type LimitFunction } from "p-limit";
import { DEFAULT_BACKOFF, requestedWaitMs, retryDelayMs, type BackoffPolicy } from "./backoff.js";
import { HttpStatusError, NetworkError, TimeoutError, isTransient } from "./errors.js";

export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface UpstreamStats {
  requests: number;
  retries: number;
  notModified: number;
  inFlight: number;
  maxInFlight: number;
}

export interface UpstreamClientOptions {
  readonly baseUrl: string;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoff?: BackoffPolicy;
  /** Sent with every request (e.g. Authorization). Never logged or reported. */
  readonly headers?: Readonly<Record<string, string>>;
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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class UpstreamClient {
  readonly stats: UpstreamStats = { requests: 0, retries: 0, notModified: 0, inFlight: 0, maxInFlight: 0 };
  private readonly limit: LimitFunction;
  private pausedUntil = 0;

  constructor(private readonly options: UpstreamClientOptions) {
    this.limit = pLimit(options.concurrency);
  }

  /** `path` is resolved against the base URL; the whole body is read before returning. */
  request(path: string, options: RequestOptions = {}): Promise<UpstreamResponse> {
    const url = joinUrl(this.options.baseUrl, path);
    return this.limit(() => this.withRetries(url, options));
  }

  private async withRetries(url: string, options: RequestOptions): Promise<UpstreamResponse> {
    const sleep = this.options.sleep ?? defaultSleep;
    const now = this.options.now ?? Date.now;
    for (let attempt = 0; ; attempt++) {
      const pause = this.pausedUntil - now();
      if (pause > 0) await sleep(pause);
      try {
        return await this.attempt(url, options);
      } catch (error) {
        if (!isTransient(error) || attempt >= this.options.retries) throw error;
        const asked = error instanceof HttpStatusError ? error.retryAfterMs : undefined;
        const delayMs = retryDelayMs(attempt, asked, this.options.backoff ?? DEFAULT_BACKOFF);
        if (error instanceof HttpStatusError && error.status === 429) this.pausedUntil = Math.max(this.pausedUntil, now() + delayMs);
        this.stats.retries++;
        this.options.onRetry?.({ error, attempt, delayMs });
        await sleep(delayMs);
      }
    }
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
      const text = await response.text();
      if (response.status === 304) this.stats.notModified++;
      const accepted = (response.status >= 200 && response.status < 300) || options.accept?.includes(response.status) === true;
      if (!accepted) throw new HttpStatusError(response.status, method, url, requestedWaitMs(response.headers, (this.options.now ?? Date.now)()));
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      throw classify(error, method, url, this.options.timeoutMs);
    } finally {
      this.stats.inFlight--;
    }
  }
}

function classify(error: unknown, method: string, url: string, timeoutMs: number): unknown {
  if (error instanceof HttpStatusError) return error;
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) return new TimeoutError(method, url, timeoutMs);
  return new NetworkError(method, url, error);
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
