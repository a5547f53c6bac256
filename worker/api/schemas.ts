import { z } from 'zod';
import { LANGS } from '../rules/lang';

/** `lang` query parameter accepted by every catalogue endpoint (spec §7). */
export const langQuery = z.object({ lang: z.enum(LANGS).default('en') });

/** Slugs are lowercase ascii words joined by dashes. */
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug').max(120);
