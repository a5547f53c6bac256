import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { BASE_URL } from './playwright.config';
import { PASSWORD } from './console';
import { text, type Lang } from './text';

/**
 * Makes the logged-in account of `request` premium through the sandbox provider, as a person
 * would (checkout, then "approve" on the sandbox's page): where plans are sold, only subscribers
 * have more than one profile (spec §4), and the profile tests need several. Answers the card
 * payment's transaction id (the back office refunds it).
 */
export async function subscribe(request: APIRequestContext, planId = 7): Promise<string> {
  const started = await request.post(`/api/payments/subscription/${planId}`, { data: { currency: 'MAD' } });
  expect(started.status(), await started.text()).toBe(200);
  const { checkout, transaction } = (await started.json()) as { checkout: { url: string }; transaction: { id: string } };
  const paid = await request.post(new URL(checkout.url).pathname, { form: { card: '4242424242424242', outcome: 'approve' }, headers: { origin: BASE_URL }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const user = (await (await request.get('/api/auth/user')).json()) as { subscription_id: number | null };
  expect(user.subscription_id).toBe(planId);
  return transaction.id;
}

/** A new account through /register (the browser tests' one password), landing on the plans in dirhams; its email, tagged `tag`. */
export async function newAccountOnPlans(page: Page, lang: Lang, tag: string): Promise<string> {
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  const email = `e2e-${tag}-${lang}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await page.goto(`/register?lang=${lang}&redirect=${encodeURIComponent('/subscription?currency=MAD')}`);
  await page.fill('#field-email', email);
  await page.fill('#field-password', PASSWORD);
  await page.fill('#field-password_confirmation', PASSWORD);
  await page.check('#field-terms');
  await page.getByRole('button', { name: text(lang, 'CREATE_ACCOUNT') }).click();
  await page.waitForURL(/\/subscription/);
  return email;
}
