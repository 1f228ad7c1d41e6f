/**
 * What a fake saw: request counts by route and status, concurrency, 304s, and the
 * credentials clients sent. Credentials are kept only in memory and never printed: the
 * log redacts itself under console.log, util.inspect and JSON.stringify.
 */

import type { IncomingHttpHeaders } from "node:http";
import { inspect } from "node:util";

export class FakeStats {
  requests = 0;
  inFlight = 0;
  maxInFlight = 0;
  notModified = 0;
  byRoute: Record<string, number> = {};
  byStatus: Record<string, number> = {};

  begin(): void {
    this.requests++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
  }

  end(): void {
    this.inFlight--;
  }

  route(label: string): void {
    this.byRoute[label] = (this.byRoute[label] ?? 0) + 1;
  }

  status(code: number): void {
    this.byStatus[code] = (this.byStatus[code] ?? 0) + 1;
    if (code === 304) this.notModified++;
  }

  /** Zeroes the counters (not `inFlight`): a benchmark can measure one phase. */
  reset(): void {
    this.requests = 0;
    this.maxInFlight = this.inFlight;
    this.notModified = 0;
    this.byRoute = {};
    this.byStatus = {};
  }
}

/** Tokens sent in `Authorization` (scheme stripped) or GitLab's `PRIVATE-TOKEN`. */
export class CredentialLog {
  readonly #tokens = new Set<string>();

  record(headers: IncomingHttpHeaders): void {
    const auth = headers.authorization;
    if (auth) this.#tokens.add(auth.replace(/^\s*(bearer|token|basic)\s+/i, "").trim());
    const privateToken = headers["private-token"];
    if (typeof privateToken === "string" && privateToken) this.#tokens.add(privateToken);
  }

  /** Whether this fake ever received `token`: the way to assert a token never leaked here. */
  has(token: string): boolean {
    return this.#tokens.has(token);
  }

  get count(): number {
    return this.#tokens.size;
  }

  toJSON(): { count: number } {
    return { count: this.#tokens.size };
  }

  [inspect.custom](): string {
    return `CredentialLog(${this.#tokens.size} redacted)`;
  }
}
