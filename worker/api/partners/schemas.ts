import { z } from 'zod';
import { AD_KINDS, AD_PLACEMENTS, isSafeLink } from '../../rules/partners';
import { Content } from '../pages/schemas';
import { langQuery, slug } from '../schemas';

/** A link an ad or a partner leads to: https or a path of this site (worker/rules/partners.ts). */
const SafeLink = z.string().refine(isSafeLink, 'must be https or a path of this site');

/** A partner (spec §1 partners pages), in the asked language. */
export const Partner = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  /** The partner's own website. */
  url: SafeLink.nullable(),
  /** How many of its titles the viewer may see. */
  titles: z.number(),
});
export type Partner = z.infer<typeof Partner>;

/** GET /pages/partners and GET /pages/content/{slug}/partners: partners by position. */
export const PartnerList = z.object({ partners: z.array(Partner) });
export type PartnerList = z.infer<typeof PartnerList>;

/** GET /pages/partners/{slug}. */
export const PartnerPage = z.object({ partner: Partner });
export type PartnerPage = z.infer<typeof PartnerPage>;

/** GET /pages/partners/{slug}/content: the titles it brings the viewer may see (spec §5 age filter), paged. */
export const PartnerContents = z.object({ partner: Partner, contents: z.array(Content), total: z.number(), page: z.number(), limit: z.number() });
export type PartnerContents = z.infer<typeof PartnerContents>;

/**
 * An ad (spec §3 Search data `ads`, §7 GET /pages/ads), in the asked language. `click` is the page
 * that counts the click and redirects to `url` (/ads/{id}/click); `impression` the pixel that counts it being seen.
 */
export const Ad = z.object({
  id: z.number(),
  kind: z.enum(AD_KINDS),
  placement: z.enum(AD_PLACEMENTS),
  title: z.string(),
  text: z.string().nullable(),
  image: z.string().nullable(),
  url: SafeLink,
  click: z.string(),
  impression: z.string(),
  /** The sponsor of a sponsor banner. */
  partner: z.object({ slug: z.string(), name: z.string() }).nullable(),
  starts_at: z.number(),
  ends_at: z.number().nullable(),
});
export type Ad = z.infer<typeof Ad>;

/** GET /pages/ads?direction=&orderBy=&page=&lang=: the current ads in the language, paged. */
export const AdsPage = z.object({ data: z.array(Ad), page: z.number(), page_size: z.number(), total: z.number() });
export type AdsPage = z.infer<typeof AdsPage>;

export const ADS_PAGE_SIZE = 20;

/** Query of GET /pages/ads (spec §7: direction, orderBy, page, lang), plus placement (home, search, ads) and page_size. */
export const adsQuery = langQuery.extend({
  direction: z.enum(['asc', 'desc']).default('asc'),
  orderBy: z.enum(['position', 'created_at', 'starts_at', 'ends_at']).default('position'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(ADS_PAGE_SIZE),
  placement: z.enum(AD_PLACEMENTS).optional(),
});
export type AdsQuery = z.infer<typeof adsQuery>;

/** Query of GET /pages/partners/{slug}/content (as a category's: lang, limit, page, profileId). */
export const partnerContentsQuery = langQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(40),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  profileId: z.coerce.number().int().min(0).optional(),
});

export const partnerParam = z.object({ slug });
export const adParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** POST /ads/{id}/impression and /ads/{id}/click: the day's counts of the ad after this one; a click also answers where to go. */
export const AdCount = z.object({ id: z.number(), day: z.string(), impressions: z.number(), clicks: z.number(), url: SafeLink });
export type AdCount = z.infer<typeof AdCount>;

/** GET /pages/webview/{slug}: a menu item of type webview (spec §2) and the page it embeds. */
export const Webview = z.object({ slug: z.string(), name: z.string(), url: z.string() });
export type Webview = z.infer<typeof Webview>;
