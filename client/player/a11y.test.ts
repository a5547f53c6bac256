import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { translator } from '../../worker/rules/translate';
import { announcementOf, type Spoken } from './announcements';
import { BAND_MIN_PX, bandBelowPicture, inBand } from './captionPlacement';
import { SHORTCUT_LIST, shortcutFor } from './shortcuts';

const t = translator('en', en);

describe('single-key shortcuts that can be turned off (WCAG 2.1.4)', () => {
  it('act while on; only Escape acts once off', () => {
    expect(shortcutFor({ key: 'k' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'm', code: 'KeyM' })).toBe('toggle-mute');
    expect(shortcutFor({ key: '?' })).toBe('show-shortcuts');
    expect(shortcutFor({ key: '؟' })).toBe('show-shortcuts');
    for (const key of ['k', 'm', 'f', 'c', '?', ' ', 'ArrowLeft', 'ArrowUp']) expect(shortcutFor({ key }, false)).toBeNull();
    expect(shortcutFor({ key: 'ن', code: 'KeyK' }, false)).toBeNull();
    expect(shortcutFor({ key: 'Escape' }, false)).toBe('escape');
  });
  it('lists every key that acts, each described in the dictionary', () => {
    for (const entry of SHORTCUT_LIST) {
      expect(en).toHaveProperty(entry.does);
      for (const key of entry.keys) if (key.startsWith('KEY_')) expect(en).toHaveProperty(key);
    }
    const listed = SHORTCUT_LIST.flatMap((e) => e.keys);
    for (const key of ['K', 'M', 'F', 'C', '?', '←', '→', '↑', '↓', 'Esc']) expect(listed).toContain(key);
  });
});

describe('what the live region says', () => {
  const still: Spoken = { playing: false, muted: false, volume: 0.5, captions: null, quality: 'Auto' };
  it('says each change once, and nothing when nothing changed', () => {
    expect(announcementOf(still, still, t)).toBeNull();
    expect(announcementOf(still, { ...still, playing: true }, t)).toBe('Playing');
    expect(announcementOf({ ...still, playing: true }, still, t)).toBe('Paused');
    expect(announcementOf(still, { ...still, muted: true }, t)).toBe('Sound off');
    expect(announcementOf({ ...still, muted: true }, still, t)).toBe('Sound on, volume 50%');
    expect(announcementOf(still, { ...still, volume: 0.6 }, t)).toBe('Volume 60%');
    expect(announcementOf(still, { ...still, captions: 'Arabic' }, t)).toBe('Subtitles on: Arabic');
    expect(announcementOf({ ...still, captions: 'Arabic' }, still, t)).toBe('Subtitles off');
    expect(announcementOf(still, { ...still, quality: '480p' }, t)).toBe('Quality: 480p');
  });
  it('leaves the volume to the slider while it has focus, and counts volume 0 as sound off', () => {
    expect(announcementOf(still, { ...still, volume: 0.6 }, t, true)).toBeNull();
    expect(announcementOf(still, { ...still, volume: 0 }, t)).toBe('Sound off');
  });
});

describe('subtitles in the band under the picture', () => {
  it('measures the band a contained picture leaves below it', () => {
    // A 16:9 picture on a 412×915 portrait phone: 232 px high, 341.5 px of band.
    expect(bandBelowPicture(412, 915, 1920, 1080)).toBeCloseTo(341.6, 0);
    expect(bandBelowPicture(1280, 720, 1920, 1080)).toBe(0);
    // Wider screen than the picture: bands at the sides, none below.
    expect(bandBelowPicture(1600, 720, 1280, 720)).toBe(0);
    expect(bandBelowPicture(412, 915, 0, 0)).toBe(0);
  });
  it('takes the band when it holds the subtitles above the controls', () => {
    expect(inBand(341, 76)).toBe(true);
    expect(inBand(BAND_MIN_PX + 75, 76)).toBe(false);
    expect(inBand(0, 0)).toBe(false);
  });
});
