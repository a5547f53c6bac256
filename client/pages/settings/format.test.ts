import { describe, expect, it } from 'vitest';
import { describeAgent, formatDateTime } from './format';

describe('describeAgent', () => {
  it('names the browser and the system of common user agents', () => {
    const cases: [string, { browser: string; os: string }][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', { browser: 'Chrome', os: 'Windows' }],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0', { browser: 'Edge', os: 'Windows' }],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', { browser: 'Safari', os: 'iOS' }],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', { browser: 'Chrome', os: 'Android' }],
      ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36', { browser: 'Samsung Internet', os: 'Android' }],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', { browser: 'Firefox', os: 'macOS' }],
      ['curl/8.5.0', { browser: '', os: '' }],
      ['', { browser: '', os: '' }],
    ];
    for (const [ua, expected] of cases) expect(describeAgent(ua), ua).toEqual(expected);
  });
});

describe('formatDateTime', () => {
  it('gives DD/MM/YYYY and HH:mm with Latin digits in the time zone asked for', () => {
    expect(formatDateTime('2025-03-09T23:30:00.000Z')).toEqual({ date: '09/03/2025', time: '23:30' });
    expect(formatDateTime('2025-01-09T23:30:00.000Z', 'Europe/Paris')).toEqual({ date: '10/01/2025', time: '00:30' });
  });

  it('falls back to UTC for an unknown zone and answers blanks for a bad date', () => {
    expect(formatDateTime('2025-03-09T08:05:00.000Z', 'Not/AZone')).toEqual({ date: '09/03/2025', time: '08:05' });
    expect(formatDateTime('not a date')).toEqual({ date: '', time: '' });
  });
});

