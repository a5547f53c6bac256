import type { RefusalAnswers } from '../../kernel/refusals';
import type { LinkRefusal } from './link';
import type { SupportRefusal } from './tickets';

/**
 * How the support inbox answers its refusals over HTTP, the console's routes and the customer's
 * reply link alike. The console shows a code as its translation key with `ADMIN_` in front
 * (SUPPORT_TICKET_NOT_FOUND → ADMIN_SUPPORT_TICKET_NOT_FOUND); the reply page shows the link's own pages.
 */
export const SUPPORT_REFUSALS: RefusalAnswers<SupportRefusal | LinkRefusal> = {
  TICKET_NOT_FOUND: [404, 'SUPPORT_TICKET_NOT_FOUND'],
  ANSWER_NOT_FOUND: [404, 'SUPPORT_ANSWER_NOT_FOUND'],
  ANSWER_OTHER_LANGUAGE: [409, 'SUPPORT_ANSWER_OTHER_LANGUAGE'],
  ANSWER_TITLE_TAKEN: [409, 'SUPPORT_ANSWER_TITLE_TAKEN', 'a saved answer of this language has this title'],
  ASSIGNEE_NOT_STAFF: [400, 'SUPPORT_ASSIGNEE_NOT_STAFF'],
  LINK_INVALID: [404, 'SUPPORT_LINK_INVALID', 'this link is incomplete or was changed'],
  // The detail is the ticket, so the page can say which one to quote when writing again.
  LINK_EXPIRED: [410, 'SUPPORT_LINK_EXPIRED'],
};
