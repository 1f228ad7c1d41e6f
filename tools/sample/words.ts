/**
 * The prose vocabulary, ranked from most to least frequent so that a Zipf
 * table over it reproduces the shape of real README text: a handful of words
 * everywhere, a long tail of rare ones that full-text search must still find.
 */

/** English function words, most frequent first; roughly 40% of real prose. */
export const STOP_WORDS: readonly string[] = (
  "the of and to a in is it you that for on with as this be are or by can from your an if not will all at " +
  "which when have has we also only into then there any but other its was these than some no do how just " +
  "may should they our like what must does most where who while after their such very many much own same"
).split(" ");

/** The ecosystem's everyday technical words, most frequent first. */
export const COMMON_WORDS: readonly string[] = (
  "plugin data dashboard chart panel value query option configuration server user version file support time " +
  "api node install example settings source series metric export display default add set using request widget " +
  "theme alert event message token database influxdb postgres mqtt json csv pdf markdown webhook slack " +
  "kubernetes prometheus grafana oauth authentication login password dark mode color table graph gauge map " +
  "layer sensor device temperature humidity energy power timestamp interval refresh cache log error warning " +
  "debug build release docker container cluster namespace deployment ingress helm browser client endpoint route " +
  "proxy port host https certificate tls header cookie session role permission admin account team organization " +
  "email notification channel discord telegram sms schedule cron job queue worker stream buffer batch import " +
  "upload download backup restore migration schema field column row index filter sort search label tag " +
  "annotation legend axis tooltip zoom heatmap histogram pie bar line scatter sparkline stat threshold unit format " +
  "locale translation i18n language template variable expression function script typescript javascript react vue " +
  "angular svelte css html svg canvas webgl bundle webpack vite rollup esm commonjs npm yarn pnpm registry " +
  "package dependency license changelog readme issue pull test coverage lint eslint github gitlab actions " +
  "pipeline redis mongodb mysql sqlite elasticsearch opensearch loki tempo jaeger opentelemetry tracing span trace " +
  "sql graphql rest websocket grpc protobuf yaml toml xml env secret vault aws azure gcp s3 lambda cloudwatch " +
  "datadog splunk zabbix nagios telegraf collectd statsd snmp modbus opcua zigbee homeassistant raspberry arduino " +
  "esp32 lora gps ais vessel ship weather forecast wind solar battery inverter meter billing invoice report print " +
  "screenshot image icon font emoji accessibility keyboard shortcut responsive mobile offline sync realtime latency " +
  "throughput uptime availability incident oncall pagerduty opsgenie escalation silence rule evaluation anomaly"
).split(" ");

/** Real but rare words: the long tail that only one or two READMEs use. */
export const RARE_WORDS: readonly string[] = (
  "idempotent memoization backpressure debounce throttling heuristics quantile percentile interpolation " +
  "downsampling resampling deduplication checksum sharding replication quorum failover hysteresis jitter " +
  "watermark tombstone compaction serialization marshalling polyfill transpile minification treeshaking hydration " +
  "virtualization pagination cursor keyset geohash geojson topojson choropleth isochrone bathymetry anemometer " +
  "pyranometer hygrometer barometric dewpoint kilowatt megawatt ampere voltage harmonic oscilloscope telemetry " +
  "cardinality monotonic ephemeral orchestration provisioning reconciliation webhookd sidecar daemonset cronjob " +
  "tenancy multitenant federation saml ldap kerberos scim mtls hsts csp cors preflight etag brotli gzip zstd " +
  "parquet avro arrow feather duckdb clickhouse timescaledb questdb victoriametrics thanos cortex mimir " +
  "flamegraph profiler heapdump sourcemap tsconfig monorepo changeset semver prerelease canary nightly rollback " +
  "bluegreen blackbox whitebox synthetic heartbeat watchdog circuit breaker bulkhead ratelimit leaky bucket " +
  "nmea mmsi imo transponder ais-catcher ecdis chartplotter anchorage mooring tidal salinity turbidity lux " +
  "photovoltaic kwh thermostat hvac boiler radiator dehumidifier airquality pm25 co2 tvoc radon decibel"
).split(" ");

/** Accented words that folding (NFKD, marks removed) must match to their plain spelling. */
export const ACCENTED_WORDS: readonly string[] = (
  "café naïve résumé façade jalapeño crème brûlée déjà über señor piñata smörgåsbord fiancée doppelgänger " +
  "rôle entrée exposé protégé soupçon Zürich São Ångström Malmö Kraków Düsseldorf Besançon Göteborg"
).split(" ");

/**
 * Made-up product names, the kind every ecosystem grows (`grafanalytics`,
 * `mqttbridge`): built from fragments so there are hundreds of them, each
 * rare, none in any dictionary or stemmer exception list.
 */
const FRAGMENT_HEADS = "grafan influx mqtt kube prom tele chrono geo flux viz metri sens hyper nano quant pulse tick acme loki dash".split(
  " ",
);
const FRAGMENT_TAILS = "alytics bridge ify hub kit ctl scope graph forge mesh sync ware base lab stack wave io ly db ster".split(" ");

export const MADE_UP_WORDS: readonly string[] = FRAGMENT_TAILS.flatMap((tail) => FRAGMENT_HEADS.map((head) => head + tail));

/** Content words in frequency order: common first, then real and made-up rarities interleaved. */
export const CONTENT_WORDS: readonly string[] = dedupe([...COMMON_WORDS, ...interleave(RARE_WORDS, MADE_UP_WORDS)]);

function interleave(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  const ratio = b.length / a.length;
  a.forEach((word, i) => {
    out.push(word, ...b.slice(Math.round(i * ratio), Math.round((i + 1) * ratio)));
  });
  return out;
}

function dedupe(words: readonly string[]): string[] {
  return [...new Set(words)];
}
