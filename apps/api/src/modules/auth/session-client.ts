import type { DeviceKind } from '@admitone/shared';
import Bowser from 'bowser';

import type { SessionClient } from './sessions.repository.js';

/**
 * The device a request comes from: its User-Agent, its address (fastify's, after TRUST_PROXY) and the country the
 * operator's proxy names in `geoCountryHeader` (believed only when the proxy is trusted: otherwise anyone could write
 * it).
 */
export function clientOf(
  req: { headers: Record<string, string | string[] | undefined>; ip: string },
  geoCountryHeader: string | null,
  proxyTrusted: boolean,
): SessionClient {
  const agent = req.headers['user-agent'];
  const country = geoCountryHeader && proxyTrusted ? req.headers[geoCountryHeader] : undefined;
  const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
  return {
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, 400) : null,
    ip: req.ip || null,
    // Two letters only (Cloudflare says XX or T1 for unknown and Tor).
    country: /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null,
  };
}

/** Browser, system and kind of device, read from a stored User-Agent. */
export function describeAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
  device: DeviceKind | null;
} {
  if (!userAgent) return { browser: null, os: null, device: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const kind = platform.type;
  return {
    browser: browser.name ? [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, os.versionName ?? os.version].filter(Boolean).join(' ') : null,
    device: kind === 'mobile' || kind === 'tablet' || kind === 'desktop' ? kind : null,
  };
}
