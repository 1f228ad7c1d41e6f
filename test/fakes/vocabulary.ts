/**
 * Word lists the world draws names and prose from. Some words carry accents and
 * digits on purpose (`café`, `influxdb`, `naïve`, `mqtt5`): downstream text folding must
 * meet them.
 */

export const WORDS = [
  "anchor", "alarm", "autopilot", "battery", "boat", "bridge", "buoy", "cabin", "café", "canvas",
  "chart", "compass", "crew", "current", "dashboard", "data", "depth", "engine", "fleet", "fuel",
  "gauge", "gps", "graph", "harbor", "heading", "helm", "influxdb", "keel", "knot", "log",
  "map", "marina", "mast", "meter", "mqtt5", "naïve", "nmea", "ocean", "panel", "plotter",
  "port", "radar", "relay", "route", "rudder", "sail", "sensor", "signal", "sonar", "speed",
  "starboard", "stream", "tank", "tide", "track", "vessel", "voyage", "watch", "wave", "wind",
  "and", "the", "with", "for", "from", "into", "your", "fast", "simple", "tiny",
] as const;

export const TAGS = [
  "charts", "Charts", "nmea2000", "instruments", "ais", "weather", "logging", "alarms",
  "autopilot", "mqtt", "influxdb", "grafana", "webapp", "utility", "navigation", "power",
] as const;

export const SCOPES = ["acme", "signalk", "marine-tools", "ocean", "boatworks", "x"] as const;

export const OWNER_STEMS = [
  "AcmeCorp", "jdoe", "Signal-K", "oceanDev", "mkovalenko", "SailorMoon", "tkurki", "NavLabs",
  "sv-wanderer", "BoatOps", "lisa-sun", "Marinus", "deepwater", "OpenCPN-fans", "hmitchell",
] as const;

export const PEOPLE = [
  "jdoe", "tkurki", "lisa-sun", "mkovalenko", "hmitchell", "sbender", "rjonsson", "akira",
  "ffischer", "pnavarro", "omalley", "zwei", "kbrandt", "elena.v", "marcus_b",
] as const;
