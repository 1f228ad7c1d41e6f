/** The part of autocannon 8's API the bench uses (the package ships no types). */
declare module "autocannon" {
  type Load = { connections: number; duration: number };
  type Options = Load & { url: string; requests: { method: string; setupRequest: (request: object) => object }[]; warmup?: Load };
  type Counts = Record<"duration" | "errors" | "timeouts" | "non2xx" | "2xx", number>;
  export default function autocannon(options: Options): Promise<Counts & { requests: { total: number }; latency: { p99: number } }>;
}
