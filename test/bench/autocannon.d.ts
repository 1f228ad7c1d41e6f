/** The part of autocannon 8's API the bench uses (the package ships no types). */
declare module "autocannon" {
  namespace autocannon {
    interface Histogram {
      readonly average: number;
      readonly mean: number;
      readonly stddev: number;
      readonly min: number;
      readonly max: number;
      readonly total: number;
      readonly p50: number;
      readonly p99: number;
    }
    interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface RequestSpec extends RawRequest {
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | undefined;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      timeout?: number;
      requests?: RequestSpec[];
      warmup?: { connections: number; duration: number };
    }
    interface Result {
      readonly duration: number;
      readonly errors: number;
      readonly timeouts: number;
      readonly non2xx: number;
      readonly "2xx": number;
      readonly requests: Histogram & { readonly sent: number };
      readonly latency: Histogram;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
