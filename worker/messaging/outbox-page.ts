// Dev page listing the outbox (mounted at /dev/outbox): 404 unless DEV_OUTBOX is "true".
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { readOutbox, type OutboxMessage } from './outbox';
import { escapeHtml } from './templates';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes a plain-text body and turns its http(s) URLs into links (trailing punctuation stays outside). */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    out += escapeHtml(text.slice(last, start)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

function message(m: OutboxMessage): string {
  const title = m.channel === 'sms' ? 'SMS' : m.subject || '(no subject)';
  return (
    `<article data-testid="outbox-message" data-channel="${m.channel}" data-recipient="${escapeHtml(m.recipient)}">` +
    `<h2>${escapeHtml(title)}</h2>` +
    `<p class="meta"><b>${m.channel}</b> to <span data-testid="outbox-recipient">${escapeHtml(m.recipient)}</span> · ` +
    `<time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at)}</time></p>` +
    `<pre dir="auto" data-testid="outbox-body">${linkify(m.body)}</pre></article>`
  );
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#18181b}' +
  'article{border:1px solid #d4d4d8;border-radius:8px;padding:12px 16px;margin:12px 0}' +
  'h2{font-size:1.05rem;margin:0 0 4px}.meta{margin:0 0 8px;color:#52525b;font-size:.9rem}' +
  'pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}a{color:#2563eb}';

export const devOutbox = new Hono<AppEnv>();

devOutbox.get('/', async (c) => {
  if (c.env.DEV_OUTBOX !== 'true') return c.text('Not found', 404);
  const to = (c.req.query('to') ?? '').trim();
  const messages = await readOutbox(c.env.DB, to || undefined, 50);
  const list = messages.length ? messages.map(message).join('') : '<p>No messages.</p>';
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev outbox</title><style>${STYLE}</style></head><body>` +
    `<h1>Dev outbox</h1><p>The newest 50 emails and SMS “sent” while DEV_OUTBOX is on.</p>` +
    `<form method="get"><label>Recipient <input name="to" value="${escapeHtml(to)}" placeholder="email or +212…"></label> <button>Filter</button>` +
    (to ? ` <a href="?">Show all</a>` : '') +
    `</form>${list}</body></html>`;
  return c.html(body, 200, { 'Cache-Control': 'no-store' });
});
