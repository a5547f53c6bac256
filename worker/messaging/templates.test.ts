import { describe, expect, it } from 'vitest';
import { LANGS } from '../rules/lang';
import { escapeHtml, resetPasswordEmail, verificationCodeEmail, verificationCodeSms } from './templates';

const LINK = 'https://tafrij.test/reset-password?token=abc123&lang=fr';

describe('resetPasswordEmail', () => {
  it('carries the link in text and html (escaped) in all four languages, with different texts', () => {
    const emails = LANGS.map((lang) => resetPasswordEmail(lang, LINK));
    for (const email of emails) {
      expect(email.text).toContain(LINK);
      expect(email.html).toContain(`href="${escapeHtml(LINK)}"`);
      expect(email.html).not.toContain('token=abc123&lang'); // the & is escaped in html
    }
    expect(new Set(emails.map((e) => e.subject)).size).toBe(4);
    expect(new Set(emails.map((e) => e.text)).size).toBe(4);
  });

  it('says valid one hour, single use, ignore if not asked', () => {
    const en = resetPasswordEmail('en', LINK).text;
    expect(en).toMatch(/valid for 1 hour/);
    expect(en).toMatch(/only once/);
    expect(en).toMatch(/ignore this email/);
    expect(resetPasswordEmail('fr', LINK).text).toMatch(/valable 1 heure.*une seule fois/);
    expect(resetPasswordEmail('es', LINK).text).toMatch(/válido durante 1 hora.*una vez/);
    expect(resetPasswordEmail('ar', LINK).text).toMatch(/ساعة واحدة.*مرة واحدة/);
  });

  it('lays Arabic out right to left and the others left to right', () => {
    expect(resetPasswordEmail('ar', LINK).html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(verificationCodeEmail('ar', '123456').html).toContain('dir="rtl"');
    for (const lang of ['en', 'fr', 'es'] as const) expect(resetPasswordEmail(lang, LINK).html).not.toContain('dir="rtl"');
  });

  it('refuses links that are not absolute http(s) URLs', () => {
    expect(() => resetPasswordEmail('en', 'javascript:alert(1)')).toThrow(TypeError);
    expect(() => resetPasswordEmail('en', '/reset?token=x')).toThrow(TypeError);
  });

  it('escapes what it interpolates into html', () => {
    const html = resetPasswordEmail('en', 'https://tafrij.test/r?x="><script>alert(1)</script>').html;
    expect(html).not.toContain('<script>');
    expect(verificationCodeEmail('en', '<b>1</b>').html).not.toContain('<b>1</b>');
  });
});

describe('verification codes', () => {
  it('email: subject, text and html carry the code and the 10-minute expiry, per language', () => {
    const emails = LANGS.map((lang) => verificationCodeEmail(lang, '482913'));
    for (const email of emails) {
      expect(email.text).toContain('482913');
      expect(email.html).toContain('482913');
      expect(email.text).toContain('10');
    }
    expect(verificationCodeEmail('en', '482913').text).toContain('Your Tafrij code is 482913. It expires in 10 minutes.');
    expect(new Set(emails.map((e) => e.subject)).size).toBe(4);
    expect(new Set(emails.map((e) => e.text)).size).toBe(4);
  });

  it('SMS: short, carries the code, differs per language', () => {
    const texts = LANGS.map((lang) => verificationCodeSms(lang, '482913'));
    expect(new Set(texts).size).toBe(4);
    for (const text of texts) {
      expect(text).toContain('482913');
      expect(text.length).toBeLessThanOrEqual(160);
    }
    // Arabic and Spanish (ó) need UCS-2: one segment is 70 characters.
    expect(verificationCodeSms('ar', '482913').length).toBeLessThanOrEqual(70);
    expect(verificationCodeSms('es', '482913').length).toBeLessThanOrEqual(70);
  });
});
