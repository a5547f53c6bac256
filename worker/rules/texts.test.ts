import { describe, expect, it } from 'vitest';
import { pickText } from './texts';

describe('a text by language', () => {
  const json = JSON.stringify({ fr: 'Bonjour', en: 'Hello', ar: 'مرحبا' });

  it('is read in the language asked, else English, else any', () => {
    expect(pickText(json, 'ar')).toBe('مرحبا');
    expect(pickText(json, 'es')).toBe('Hello');
    expect(pickText(JSON.stringify({ fr: 'Bonjour' }), 'es')).toBe('Bonjour');
  });

  it('skips values that are not texts', () => {
    expect(pickText(JSON.stringify({ en: 3, fr: 'Bonjour' }), 'en')).toBe('Bonjour');
  });

  it('is empty for no text, a malformed one or something else than an object', () => {
    for (const bad of [null, undefined, '', '{', 'null', '"Hello"', '["Hello"]', '{}']) expect(pickText(bad, 'en'), String(bad)).toBe('');
  });
});
