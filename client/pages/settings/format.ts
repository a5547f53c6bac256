/**
 * Small formatters of the account pages: the device history rows and the subscription state.
 * Pure functions, shared by the server render and the tests.
 */
import { zonedDate } from '../../../worker/rules/zones';

/** A short browser and system summary of a user agent ('Chrome', 'Android'); '' when unknown. */
export function describeAgent(ua: string): { browser: string; os: string } {
  const browser =
    /SamsungBrowser\//.test(ua) ? 'Samsung Internet'
    : /Edg(e|A|iOS)?\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\/|FxiOS\//.test(ua) ? 'Firefox'
    : /Chrome\/|CriOS\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) && /Version\//.test(ua) ? 'Safari'
    : '';
  const os =
    /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Android/.test(ua) ? 'Android'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /Linux/.test(ua) ? 'Linux'
    : '';
  return { browser, os };
}

/**
 * 'DD/MM/YYYY' and 'HH:mm' (spec §9 dates) of an ISO date-time in a time zone (the visitor's,
 * from Cloudflare; UTC when unknown), with Latin digits in every language.
 */
export function formatDateTime(iso: string, timeZone = 'UTC'): { date: string; time: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: '', time: '' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateTimeFormat.formatToParts(zonedDate(at.getTime() / 1000, timeZone));
  } catch {
    parts = dateTimeFormat.formatToParts(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('day')}/${part('month')}/${part('year')}`, time: `${part('hour')}:${part('minute')}` };
}

/** Wall-clock dates (zonedDate) are written as UTC: the zone's offset is already in them. */
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  numberingSystem: 'latn',
});

