/**
 * Raw material for package and display names. Display names are where the
 * `name` sort and the accent-folding search get exercised, so the lists lean
 * on the awkward cases: accents, case-only differences, non-Latin scripts,
 * emoji and embedded numbers.
 */

/** Words that npm package names are made of, most frequent first. */
export const NAME_WORDS: readonly string[] = (
  "chart dashboard influxdb mqtt export csv pdf theme alerts auth slack webhook prometheus grafana kubernetes " +
  "docker postgres mysql redis mongodb sqlite weather solar energy modbus zigbee ais vessel gps heatmap gauge map " +
  "table sparkline calendar clock timeline kanban markdown i18n translate backup s3 email telegram discord teams " +
  "sms cron scheduler logger loki trace opentelemetry status uptime ping snmp network speedtest sensor iot " +
  "homeassistant tasmota shelly hue sonos spotify rss news stock crypto currency converter qrcode barcode image " +
  "gallery video camera webcam floorplan svg icons fonts colors palette layout grid tabs modal form button slider " +
  "toggle template variables query sql graphql rest http proxy jwt session login sso keycloak okta ldap saml " +
  "github gitlab jira trello notion pagerduty opsgenie datadog zabbix nagios telegraf statsd k8s helm terraform " +
  "ansible vault consul nomad battery inverter meter billing invoice report print screenshot emoji a11y dark mode " +
  "light contrast responsive mobile offline sync realtime stream queue worker graph bar pie line scatter histogram " +
  "stat threshold annotation legend tooltip zoom geojson choropleth wind tide boat anchor nmea radar"
).split(" ");

/** How a word is spelled in a title when plain capitalization would be wrong. */
export const TITLE_SPELLINGS: ReadonlyMap<string, string> = new Map(
  (
    "influxdb:InfluxDB mqtt:MQTT csv:CSV pdf:PDF postgres:PostgreSQL mysql:MySQL mongodb:MongoDB sqlite:SQLite " +
    "ais:AIS gps:GPS i18n:i18n s3:S3 sms:SMS iot:IoT snmp:SNMP rss:RSS qrcode:QR-Code svg:SVG sql:SQL graphql:GraphQL " +
    "http:HTTP jwt:JWT sso:SSO ldap:LDAP saml:SAML github:GitHub gitlab:GitLab k8s:K8s a11y:A11y nmea:NMEA " +
    "opentelemetry:OpenTelemetry homeassistant:Home-Assistant pagerduty:PagerDuty opsgenie:OpsGenie geojson:GeoJSON"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/** Families of display names that collate equal (or nearly) under base sensitivity. */
export const ACCENTED_TITLES: readonly string[] = [
  "Café Charts",
  "Über Export",
  "Crème Dashboard",
  "Résumé Builder",
  "Naïve Alerts",
  "Déjà Vu Logs",
  "Señor Sensor",
  "Piñata Widgets",
  "Jalapeño Heatmap",
  "Ångström Metrics",
  "Zürich Transit",
  "São Paulo Weather",
  "Façade Auth",
  "Smørrebrød Themes",
  "Doppelgänger Detector",
  "Brûlée Theme",
  "Malmö Tides",
  "Kraków Air",
];

export const NON_LATIN_TITLES: readonly string[] = [
  "Графики",
  "Панель мониторинга",
  "Экспорт CSV",
  "Погода",
  "Уведомления Telegram",
  "Γραφήματα",
  "Πίνακας ελέγχου",
  "Ειδοποιήσεις",
  "图表插件",
  "数据导出",
  "仪表盘",
  "告警通知",
  "天气",
  "チャート",
  "ダッシュボード",
  "ひらがなテーマ",
  "エクスポート",
  "カレンダー",
  "차트 플러그인",
  "대시보드",
  "שעון",
  "لوحة المعلومات",
];

export const EMOJI_TITLES: readonly string[] = [
  "🚀 Rocket Deploy",
  "📊 Charts",
  "🔥 Hot Reload",
  "✨ Sparkle Theme",
  "🌙 Dark Mode",
  "🐳 Docker Stats",
  "🔔 Alerts",
  "⚡ Energy Monitor",
  "🌦️ Weather",
  "🛥️ Boat Tracker",
  "📈 Stocks",
  "🔐 Vault Auth",
  "👩‍💻 Dev Tools",
];

/** Bases for `Chart 2` / `Chart 10`: numeric collation must put 2 before 10. */
export const NUMBERED_BASES: readonly string[] = ["Chart", "Gauge", "Panel", "Map", "Dashboard", "Widget", "Theme"];
