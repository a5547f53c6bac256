import { z } from 'zod';
import { checkEmail, checkPhone } from '../../rules/account';
import {
  CONTACT_LIBRARY_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECTS,
  LIBRARIAN_TOPICS,
  TICKET,
} from '../../rules/contact';
import { TURNSTILE_TOKEN_MAX } from '../../rules/turnstile';

/**
 * POST /contact (issue 15, spec §2 /contact): what the form sends. Messages are the translation keys
 * of worker/rules (spec §5), so a refusal reads `KEY: field` (worker/api/kernel/validation.ts) and the page
 * puts it on that field.
 */
const text = (max: number, tooLong: string) =>
  z
    .string('ALL_FIELDS_REQUIRED')
    .trim()
    .min(1, 'ALL_FIELDS_REQUIRED')
    .max(max, tooLong);

export const ContactInput = z
  .object({
    subject: z.enum(CONTACT_SUBJECTS, 'ALL_FIELDS_REQUIRED'),
    /** Spec §6 Librarian: trial, demo or content, and the library's name (required with subject librarian only). */
    topic: z.enum(LIBRARIAN_TOPICS, 'ALL_FIELDS_REQUIRED').optional(),
    library: z.string().trim().max(CONTACT_LIBRARY_MAX, 'CONTACT_LIBRARY_TOO_LONG').optional(),
    name: text(CONTACT_NAME_MAX, 'CONTACT_NAME_TOO_LONG'),
    email: z
      .string('VALID_EMAIL_REQUIRED')
      .trim()
      .toLowerCase()
      .refine((v) => checkEmail(v) === null, 'VALID_EMAIL_REQUIRED'),
    /** E.164 (the form's country code and the number typed without its leading zero), or absent. */
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || checkPhone(v) === null, 'VALID_PHONE_REQUIRED')
      .optional(),
    message: text(CONTACT_MESSAGE_MAX, 'CONTACT_MESSAGE_TOO_LONG'),
    /** The Turnstile widget's token (`cf-turnstile-response`). */
    turnstile_token: z.string().max(TURNSTILE_TOKEN_MAX, 'HUMAN_CHECK_FAILED').default(''),
  })
  .superRefine((input, ctx) => {
    if (input.subject !== 'librarian') return;
    if (!input.topic) ctx.addIssue({ code: 'custom', path: ['topic'], message: 'ALL_FIELDS_REQUIRED' });
    if (!input.library) ctx.addIssue({ code: 'custom', path: ['library'], message: 'ALL_FIELDS_REQUIRED' });
  });
export type ContactInput = z.infer<typeof ContactInput>;

/** 201: the message is stored under its ticket number (emails are sent after; a failed one is logged). */
export const ContactAnswer = z.object({
  ticket: z.string().regex(TICKET),
  /** Whether the acknowledgement reached the mail provider (the ticket stands either way). */
  acknowledged: z.boolean(),
});
export type ContactAnswer = z.infer<typeof ContactAnswer>;
