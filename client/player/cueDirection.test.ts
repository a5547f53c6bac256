import { describe, expect, it } from 'vitest';
import { cueDirection, firstStrong, isRtlLanguage } from './cueDirection';

describe('cue direction', () => {
  it('is right-to-left for a track in a right-to-left language, whatever the cue starts with', () => {
    expect(cueDirection('ar', '- مرحباً!')).toBe('rtl');
    expect(cueDirection('ar', '10:30')).toBe('rtl');
    expect(cueDirection('ar-MA', '«نعم»')).toBe('rtl');
    expect(cueDirection('he', 'OK')).toBe('rtl');
    expect(isRtlLanguage('fa_IR')).toBe(true);
    expect(isRtlLanguage('fr')).toBe(false);
  });

  it("follows the text's first strong character on other tracks, past punctuation, digits and tags", () => {
    expect(cueDirection('fr', '- مرحباً!')).toBe('rtl');
    expect(cueDirection('und', '10:30، هل أنت مستعد؟')).toBe('rtl');
    expect(cueDirection('en', '<i>«نعم»</i>')).toBe('rtl');
    expect(cueDirection('fr', '- Bonjour ! مرحبا')).toBe('auto');
    expect(cueDirection('en', '<v Samir>Hello')).toBe('auto');
    expect(cueDirection('en', '12:30 ...')).toBe('auto');
  });

  it('treats Arabic digits and the Arabic comma as weak, and direction marks as strong', () => {
    expect(firstStrong('٣، Hello')).toBe('ltr');
    expect(firstStrong('\u200F10 - OK')).toBe('rtl');
    expect(firstStrong('\u061C- 5')).toBe('rtl');
    expect(firstStrong('\u200Eمرحبا')).toBe('ltr');
    expect(firstStrong('- 10:30 !')).toBeNull();
  });
});
