/** A browser's and a system's name read from a User-Agent header; null where it is not one we know. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
}

/** The first name whose pattern the header matches: more specific names first (Edge's header names Chrome too). */
const BROWSERS: readonly [string, RegExp][] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\b(OPR|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['LINE', /\bLine\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|CriOS|Chromium)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: readonly [string, RegExp][] = [
  ['iOS', /\b(iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

function firstMatch(names: readonly [string, RegExp][], header: string): string | null {
  return names.find(([, pattern]) => pattern.test(header))?.[0] ?? null;
}

/** A short summary of a session's device, "Chrome" on "Windows", for the list of signed-in devices. */
export function summariseUserAgent(header: string | null): DeviceSummary {
  if (!header) return { browser: null, os: null };
  return { browser: firstMatch(BROWSERS, header), os: firstMatch(SYSTEMS, header) };
}
