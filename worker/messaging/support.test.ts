import { describe, expect, it } from 'vitest';
import { LANGS } from '../rules/lang';
import { customerReplyNotice, supportReplyEmail } from './support';
import { escapeHtml } from './templates';

const LINK = 'https://tafrij.test/contact/reply/TFJ-ABC234.1767225600.sig?lang=fr';
const mail = (lang: (typeof LANGS)[number], body = 'Hello <b>Salma</b>,\n\nClear the cache & retry.') => supportReplyEmail({ ticket: 'TFJ-ABC234', name: 'Salma', lang, body, link: LINK, days: 30 });

describe('supportReplyEmail', () => {
  it('carries the ticket number, the reply and the link in all four languages, each its own text', () => {
    const emails = LANGS.map((lang) => mail(lang));
    for (const email of emails) {
      expect(email.subject).toContain('TFJ-ABC234');
      expect(email.text).toContain('Clear the cache & retry.');
      expect(email.text).toContain(LINK);
      expect(email.html).toContain(`href="${escapeHtml(LINK)}"`);
    }
    expect(new Set(emails.map((e) => e.subject)).size).toBe(4);
    expect(new Set(emails.map((e) => e.text)).size).toBe(4);
  });

  it('escapes what staff wrote in the html, keeps its paragraphs, and lays Arabic out right to left', () => {
    const { html } = mail('ar');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('Hello &lt;b&gt;Salma&lt;/b&gt;,</p><p style="margin:0 0 16px;white-space:pre-wrap">Clear the cache &amp; retry.');
    expect(html).not.toContain('<b>Salma</b>');
  });

  it('says answers to the email are not read, and how long the link works', () => {
    expect(mail('en').text).toMatch(/answers to this email are not read/);
    expect(mail('en').text).toMatch(/works for 30 days/);
    expect(mail('fr').text).toMatch(/ne sont pas lues[\s\S]*30 jours/);
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    expect(() => supportReplyEmail({ ticket: 'TFJ-ABC234', name: 'S', lang: 'en', body: 'x', link: 'javascript:alert(1)', days: 30 })).toThrow(TypeError);
  });
});

describe('customerReplyNotice', () => {
  it('tells support who answered on which ticket, with the answer (escaped in html)', () => {
    const notice = customerReplyNotice({ ticket: 'TFJ-ABC234', name: 'Salma', email: 'salma@example.com', body: '<script>x</script>' });
    expect(notice.subject).toBe('[TFJ-ABC234] Customer reply — Salma');
    expect(notice.text).toContain('salma@example.com');
    expect(notice.html).toContain('&lt;script&gt;');
  });
});
