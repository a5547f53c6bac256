import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { subscribe } from './billing';
import { DESKTOP, grantByCli, noSeriousViolations, register, signInFirstTime, PASSWORD, TABLET } from './console';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The support inbox and refunds in the console (issue 32), in English and Arabic, at desktop and
 * tablet sizes: a customer writes from /contact; support finds the ticket, adds an internal note and
 * answers it (the reply is in the dev outbox, in the customer's language, with the ticket number);
 * finance refunds half of a card payment made through the sandbox, after a confirmation, and opens
 * its credit note (a PDF in the customer's language); support posting the refund form gets 403;
 * the audit log shows the reply and the refund. Axe on every page; screenshots in e2e/screenshots.
 */

/** The seed's 3-month plan: 159.00 MAD, so half is 79.50. */
const PLAN_3_MONTHS = 5;
const MESSAGE: Record<'en' | 'ar', string> = {
  en: 'The film stops after ten minutes on my TV.',
  ar: 'يتوقف الفيلم بعد عشر دقائق على التلفاز.',
};
const REPLY: Record<'en' | 'ar', string> = {
  en: 'Hello, please update the app on your TV and try again.',
  ar: 'مرحبًا، يُرجى تحديث التطبيق على التلفاز ثم المحاولة مجددًا.',
};

const shot = (page: Page, name: string, lang: Lang, size: 'desktop' | 'tablet') => page.screenshot({ path: `e2e/screenshots/admin-${name}-${lang}-${size}.png`, fullPage: true });

/** A guest's message from the contact page (its form island woken first); answers the ticket number. */
async function contact(page: Page, lang: 'en' | 'ar', email: string): Promise<string> {
  await page.goto(`/contact?lang=${lang}`);
  const island = page.locator('[data-island="account-form"]').first();
  await page.locator('form', { has: island }).first().hover();
  await expect(island).toHaveAttribute('data-live', '');
  await page.getByLabel(text(lang, 'CONTACT_SUBJECT')).selectOption('technical');
  await page.getByLabel(text(lang, 'CONTACT_NAME')).fill(lang === 'ar' ? 'سلمى التازي' : 'Salma Tazi');
  await page.getByLabel(text(lang, 'EMAIL'), { exact: true }).fill(email);
  await page.getByLabel(text(lang, 'CONTACT_MESSAGE')).fill(MESSAGE[lang]);
  await page.getByLabel(text(lang, 'HUMAN_CHECK_I_AM_HUMAN')).check();
  await page.getByRole('button', { name: text(lang, 'CONTACT_SEND') }).click();
  const ticket = (await page.getByTestId('contact-ticket').textContent()) ?? '';
  expect(ticket).toMatch(/^TFJ-[A-Z0-9]{6}$/);
  return ticket;
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
});

for (const lang of ['en', 'ar'] as const) {
  test(`support answers a contact ticket, finance refunds half a card payment with its credit note; support is refused the refund; all audited (${lang})`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const customerEmail = `e2e-customer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ticket = await contact(page, lang, customerEmail);

    // Both staff members get their roles from the CLI before anyone works in the console.
    const supportEmail = await register(page, 'support');
    const financeEmail = await register(page, 'finance');
    grantByCli(supportEmail, 'support');
    grantByCli(financeEmail, 'finance');

    // Support signs in (second factor) and lands on the inbox.
    const supportContext = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    await supportContext.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    const support = await supportContext.newPage();
    await support.goto(`/admin/support?lang=${lang}`);
    await expect(support.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await signInFirstTime(support, lang, supportEmail);
    await expect(support).toHaveURL(/\/admin\/support(\?|$)/);
    await support.getByLabel(text(lang, 'ADMIN_SUPPORT_SEARCH')).fill(ticket);
    await support.getByRole('button', { name: text(lang, 'ADMIN_FILTER') }).click();
    const row = support.getByRole('row').filter({ hasText: ticket });
    await expect(row).toContainText(text(lang, 'ADMIN_SUPPORT_STATE_NEW'));
    await noSeriousViolations(support, 'support queue');
    await shot(support, 'support-queue', lang, 'desktop');

    await row.getByRole('link', { name: ticket }).click();
    await expect(support.getByRole('heading', { level: 1 })).toContainText(ticket);
    await expect(support.locator('.console__support-msg--customer')).toContainText(MESSAGE[lang]);
    await support.getByLabel(text(lang, 'ADMIN_SUPPORT_NOTE_TEXT')).fill('Known issue on older TVs (internal)');
    await support.getByRole('button', { name: text(lang, 'ADMIN_SUPPORT_ADD_NOTE') }).click();
    await expect(support.locator('.toasts')).toContainText(text(lang, 'ADMIN_SUPPORT_NOTE_ADDED'));
    await support.locator('#reply-body').fill(REPLY[lang]);
    await support.getByRole('button', { name: text(lang, 'ADMIN_SUPPORT_SEND_REPLY') }).click();
    await expect(support.locator('.toasts')).toContainText(text(lang, 'ADMIN_SUPPORT_REPLIED'));
    await expect(support.locator('.console__support-msg--note')).toContainText(text(lang, 'ADMIN_SUPPORT_INTERNAL'));
    await expect(support.locator('.console__support-msg--reply')).toContainText(REPLY[lang]);
    await expect(support.locator('.console__support-facts')).toContainText(text(lang, 'ADMIN_SUPPORT_STATE_WAITING'));
    await noSeriousViolations(support, 'ticket');
    await shot(support, 'support-ticket', lang, 'desktop');
    await support.setViewportSize(TABLET);
    await noSeriousViolations(support, 'ticket (tablet)');
    await shot(support, 'support-ticket', lang, 'tablet');

    await support.goto(`/admin/support/answers?lang=${lang}`);
    await noSeriousViolations(support, 'saved answers');
    await shot(support, 'support-answers', lang, 'tablet');

    // The reply is in the outbox, in the customer's language, with the ticket number and the link back.
    await support.goto(`/dev/outbox?to=${encodeURIComponent(customerEmail)}`);
    const mail = support.locator(`[data-testid="outbox-message"][data-recipient="${customerEmail}"]`).filter({ hasText: REPLY[lang] });
    await expect(mail.locator('h2')).toHaveText(text(lang, 'CONTACT_REPLY_MAIL_SUBJECT', { ticket }));
    await expect(mail.getByTestId('outbox-body')).toContainText(text(lang, 'CONTACT_REPLY_MAIL_INTRO', { ticket }));
    await expect(mail.getByTestId('outbox-body')).toContainText(`/contact/reply/${ticket}.`);

    // A customer pays the 3-month plan by card through the sandbox.
    const buyer = await browser.newContext();
    const buyerEmail = `e2e-buyer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await buyer.request.post(`/api/auth/register?lang=${lang}`, { data: { email: buyerEmail, password: PASSWORD, profile: { username: 'Buyer' } } })).status()).toBe(201);
    expect((await buyer.request.post('/api/auth/login', { data: { login: buyerEmail, password: PASSWORD } })).status()).toBe(200);
    const tx = await subscribe(buyer.request, PLAN_3_MONTHS);
    await buyer.close();

    // Finance finds it and refunds half, after a confirmation; the credit note's PDF follows.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/refunds?lang=${lang}`);
    await signInFirstTime(page, lang, financeEmail);
    await expect(page).toHaveURL(/\/admin\/refunds(\?|$)/);
    await noSeriousViolations(page, 'refunds');
    await shot(page, 'refunds-list', lang, 'desktop');
    await page.getByLabel(text(lang, 'ADMIN_REFUNDS_PAYMENT_QUERY')).fill(tx);
    await page.getByRole('button', { name: text(lang, 'ADMIN_REFUNDS_FIND') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/refunds/payments/${tx}`));
    const amount = page.getByLabel(text(lang, 'ADMIN_REFUNDS_AMOUNT_IN', { currency: 'MAD' }));
    await expect(amount).toHaveValue('159.00');
    await noSeriousViolations(page, 'payment');
    await amount.fill('79.50');
    await page.getByLabel(text(lang, 'ADMIN_REASON')).fill('Service outage: half the period');
    await page.getByRole('button', { name: text(lang, 'ADMIN_REFUNDS_REVIEW') }).click();
    const confirm = page.locator('.console__refunds-confirm');
    await expect(confirm.getByRole('heading')).toHaveText(text(lang, 'ADMIN_REFUNDS_CONFIRM_TITLE'));
    await expect(confirm).toContainText('79.50');
    await expect(confirm).toContainText(text(lang, 'ADMIN_REFUNDS_EFFECT_KEEP'));
    await noSeriousViolations(page, 'refund confirmation');
    await shot(page, 'refunds-confirm', lang, 'desktop');
    await confirm.getByRole('button', { name: text(lang, 'ADMIN_REFUNDS_CONFIRM') }).click();
    await expect(page.locator('.toasts')).toContainText(text(lang, 'ADMIN_REFUNDS_DONE'));
    const note = page.locator('.console__refunds-made a');
    const href = (await note.getAttribute('href')) ?? '';
    const number = /credit-notes\/([A-Z]+-\d{4}-\d{6})\.pdf$/.exec(href)?.[1] ?? '';
    expect(number).not.toBe('');
    await expect(page.locator('.console__refunds-facts')).toContainText('79.50');
    await page.setViewportSize(TABLET);
    await noSeriousViolations(page, 'payment refunded (tablet)');
    await shot(page, 'refunds-payment', lang, 'tablet');

    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(await pdf.body());
    // In the customer's language (registered in `lang`): the credit note's title and number.
    expect(doc.getTitle()).toBe(`${text(lang, 'ADMIN_REFUNDS_PDF_TITLE')} ${number}`);
    expect(doc.getPageCount()).toBe(1);

    await page.goto(`/admin/refunds/due?lang=${lang}`);
    await noSeriousViolations(page, 'refund due');
    await shot(page, 'refunds-due', lang, 'tablet');
    await page.goto(`/admin/refunds?lang=${lang}`);
    await expect(page.getByRole('row').filter({ hasText: 'Service outage: half the period' }).filter({ hasText: number })).toHaveCount(1);

    // Support may not refund: the page and the form's POST are refused.
    const refused = await support.goto(`/admin/refunds/payments/${tx}?lang=${lang}`);
    expect(refused?.status()).toBe(403);
    await expect(support.getByRole('alert')).toHaveText(text(lang, 'ADMIN_FORBIDDEN'));
    const posted = await support.request.post(`/admin/refunds/payments/${tx}`, {
      form: { intent: 'confirm', amount: '10.00', reason: 'Trying a finance action', effect: 'keep', key: crypto.randomUUID() },
      headers: { origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(403);
    await supportContext.close();

    // The audit log (finance reads it) has the reply and the refund, with who and why.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/audit?lang=${lang}`);
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'support.reply' }).filter({ hasText: supportEmail })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'refund.create' }).filter({ hasText: financeEmail }).filter({ hasText: 'Service outage: half the period' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'refund.create' }).filter({ hasText: 'Trying a finance action' })).toHaveCount(0);
    await noSeriousViolations(page, 'audit');
  });
}
