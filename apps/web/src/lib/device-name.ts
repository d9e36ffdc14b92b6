/** Browsers by their User-Agent mark, the more specific first (Edge and Opera also say Chrome; Chrome says Safari). */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
/** Systems likewise (Android says Linux; an iPhone says "like Mac OS X"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: readonly [RegExp, string][], agent: string) =>
  list.find(([mark]) => mark.test(agent))?.[1] ?? null;

/**
 * This browser and its system ("Chrome", "Linux") as a name's first guess, such as a new passkey's: roughly, from the
 * User-Agent (the person may change it). Nulls where unknown.
 */
export function thisDevice(agent = typeof navigator === 'undefined' ? '' : navigator.userAgent): {
  browser: string | null;
  os: string | null;
} {
  return { browser: first(BROWSERS, agent), os: first(SYSTEMS, agent) };
}
