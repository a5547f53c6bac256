import { describe, expect, it } from 'vitest';
import { nextState, offerWindow } from './next';
import { shortcutFor, stepVolume } from './shortcuts';
import { parseThumbnailsVtt, parseVttTime, thumbnailAt } from './thumbnails';
import { bufferedEnd, clampTime, formatTime, startPosition } from './time';

describe('formatTime', () => {
  it('writes m:ss under an hour and h:mm:ss from an hour on', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(9.9)).toBe('0:09');
    expect(formatTime(65)).toBe('1:05');
    expect(formatTime(3599)).toBe('59:59');
    expect(formatTime(3600)).toBe('1:00:00');
    expect(formatTime(3 * 3600 + 5 * 60 + 7)).toBe('3:05:07');
  });
  it('uses the shape of the total for the current time, and reads unknown times as 0:00', () => {
    expect(formatTime(65, 5400)).toBe('0:01:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('positions', () => {
  it('clamps seeks into the video', () => {
    expect(clampTime(-5, 100)).toBe(0);
    expect(clampTime(105, 100)).toBe(100);
    expect(clampTime(50, Number.NaN)).toBe(50);
  });
  it('resumes at the saved time, from the start when it was finished or unknown', () => {
    expect(startPosition(600, 1800)).toBe(600);
    expect(startPosition(0, 1800)).toBe(0);
    expect(startPosition(1720, 1800)).toBe(0);
    expect(startPosition(2000, 1800)).toBe(0);
    expect(startPosition(Number.NaN, 1800)).toBe(0);
  });
  it('finds the end of the buffered range around the playhead', () => {
    const ranges = [{ start: 0, end: 30 }, { start: 60, end: 90 }];
    expect(bufferedEnd(ranges, 10)).toBe(30);
    expect(bufferedEnd(ranges, 70)).toBe(90);
    expect(bufferedEnd(ranges, 45)).toBe(45);
  });
});

describe('thumbnails WebVTT', () => {
  const vtt = [
    'WEBVTT',
    '',
    '00:00.000 --> 00:05.000',
    'thumbs.jpg#xywh=0,0,160,90',
    '',
    '1',
    '00:00:05.000 --> 00:00:10.000 align:start',
    'thumbs.jpg#xywh=160,0,160,90',
    '',
    'NOTE a comment',
    '',
    '00:00:10.000 --> 00:00:15.5',
    '/other/full.jpg',
    '',
    'broken --> cue',
    'x.jpg#xywh=1,2,3,4',
  ].join('\r\n');
  const base = 'https://tafrij.test/media/123.sig/titles/casa/main/thumbs.vtt';

  it('reads times', () => {
    expect(parseVttTime('00:01:02.500')).toBe(62.5);
    expect(parseVttTime('01:02.5')).toBe(62.5);
    expect(parseVttTime('1:00:00')).toBe(3600);
    expect(parseVttTime('nope')).toBeNaN();
  });

  it('parses sprite regions, resolving images against the VTT (the signed path stays)', () => {
    const cues = parseThumbnailsVtt(vtt, base);
    expect(cues).toEqual([
      { start: 0, end: 5, url: 'https://tafrij.test/media/123.sig/titles/casa/main/thumbs.jpg', x: 0, y: 0, w: 160, h: 90 },
      { start: 5, end: 10, url: 'https://tafrij.test/media/123.sig/titles/casa/main/thumbs.jpg', x: 160, y: 0, w: 160, h: 90 },
      { start: 10, end: 15.5, url: 'https://tafrij.test/other/full.jpg', x: 0, y: 0, w: 0, h: 0 },
    ]);
  });

  it('picks the cue at a time', () => {
    const cues = parseThumbnailsVtt(vtt, base);
    expect(thumbnailAt(cues, 0)?.x).toBe(0);
    expect(thumbnailAt(cues, 7.2)?.x).toBe(160);
    expect(thumbnailAt(cues, 12)?.w).toBe(0);
    expect(thumbnailAt(cues, 99)?.start).toBe(10);
    expect(thumbnailAt([], 3)).toBeNull();
    expect(thumbnailAt(cues, Number.NaN)).toBeNull();
  });
});

describe('next episode', () => {
  const base = { hasNext: true, autoplay: true, duration: 1800, ended: false, dismissed: false };
  it('stays hidden until the last seconds, then counts down to the start', () => {
    expect(nextState({ ...base, time: 1000 })).toEqual({ kind: 'hidden' });
    expect(nextState({ ...base, time: 1790.2 })).toEqual({ kind: 'offer', countdown: 10 });
    expect(nextState({ ...base, time: 1800 })).toEqual({ kind: 'offer', countdown: 0 });
    expect(nextState({ ...base, time: 1799, ended: true })).toEqual({ kind: 'start' });
  });
  it('offers a button without countdown when autoplay is off, and never starts by itself', () => {
    expect(nextState({ ...base, autoplay: false, time: 1795 })).toEqual({ kind: 'offer', countdown: null });
    expect(nextState({ ...base, autoplay: false, time: 1800, ended: true })).toEqual({ kind: 'ended' });
  });
  it('respects a dismissed card and titles without a next episode', () => {
    expect(nextState({ ...base, time: 1795, dismissed: true })).toEqual({ kind: 'hidden' });
    expect(nextState({ ...base, time: 1800, ended: true, dismissed: true })).toEqual({ kind: 'ended' });
    expect(nextState({ ...base, hasNext: false, time: 1800, ended: true })).toEqual({ kind: 'hidden' });
    expect(nextState({ ...base, duration: Number.NaN, time: 5 })).toEqual({ kind: 'hidden' });
  });
  it('uses a shorter window on short videos', () => {
    expect(offerWindow(1800)).toBe(15);
    expect(offerWindow(30)).toBe(6);
    expect(nextState({ ...base, duration: 30, time: 20 })).toEqual({ kind: 'hidden' });
    expect(nextState({ ...base, duration: 30, time: 25 })).toEqual({ kind: 'offer', countdown: 5 });
  });
});

describe('shortcuts', () => {
  it('maps the usual player keys', () => {
    expect(shortcutFor({ key: ' ' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'k' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'K' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'ArrowLeft' })).toBe('seek-back');
    expect(shortcutFor({ key: 'ArrowRight' })).toBe('seek-forward');
    expect(shortcutFor({ key: 'ArrowUp' })).toBe('volume-up');
    expect(shortcutFor({ key: 'ArrowDown' })).toBe('volume-down');
    expect(shortcutFor({ key: 'm' })).toBe('toggle-mute');
    expect(shortcutFor({ key: 'F' })).toBe('toggle-fullscreen');
    expect(shortcutFor({ key: 'c' })).toBe('toggle-subtitles');
    expect(shortcutFor({ key: 'Escape' })).toBe('escape');
  });
  it('leaves modifier combinations and other keys to the browser', () => {
    expect(shortcutFor({ key: 'f', ctrlKey: true })).toBeNull();
    expect(shortcutFor({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(shortcutFor({ key: 'c', metaKey: true })).toBeNull();
    expect(shortcutFor({ key: 'Tab' })).toBeNull();
    expect(shortcutFor({ key: 'x' })).toBeNull();
  });
  it('reads letters by key position on an Arabic layout', () => {
    expect(shortcutFor({ key: 'ن', code: 'KeyK' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'ب', code: 'KeyF' })).toBe('toggle-fullscreen');
    expect(shortcutFor({ key: 'ة', code: 'KeyM' })).toBe('toggle-mute');
    expect(shortcutFor({ key: 'ؤ', code: 'KeyC' })).toBe('toggle-subtitles');
    expect(shortcutFor({ key: ';', code: 'KeyK' })).toBeNull();
  });
  it('steps the volume within bounds', () => {
    expect(stepVolume(0.5, 1)).toBe(0.6);
    expect(stepVolume(0.95, 1)).toBe(1);
    expect(stepVolume(0.05, -1)).toBe(0);
    expect(stepVolume(0.7, -1)).toBe(0.6);
  });
});
