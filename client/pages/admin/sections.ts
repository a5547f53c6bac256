import type { Permission } from '../../../worker/rules/staff';

/**
 * The console's sections in its navigation and on its home, in the order of a working day: the
 * customers and their messages, money, figures, then the console's own administration. Each is
 * shown to staff who hold one of its permissions (the support inbox also to the partnerships team,
 * who read the librarians' requests there).
 */
export const SECTIONS: readonly { path: string; label: string; permissions: readonly Permission[] | null }[] = [
  { path: '/admin', label: 'ADMIN_HOME', permissions: null },
  { path: '/admin/customers', label: 'ADMIN_CUSTOMERS', permissions: ['customers.read'] },
  { path: '/admin/support', label: 'ADMIN_SUPPORT_TITLE', permissions: ['support.read', 'partners.read'] },
  { path: '/admin/refunds', label: 'ADMIN_REFUNDS', permissions: ['refunds.read'] },
  { path: '/admin/coupons', label: 'ADMIN_COUPONS', permissions: ['coupons.read'] },
  { path: '/admin/reconciliation', label: 'ADMIN_RECON', permissions: ['reconciliation.read'] },
  { path: '/admin/reports', label: 'ADMIN_REPORTS', permissions: ['reports.read'] },
  { path: '/admin/staff', label: 'ADMIN_STAFF', permissions: ['staff.read'] },
  { path: '/admin/audit', label: 'ADMIN_AUDIT', permissions: ['audit.read'] },
  { path: '/admin/security', label: 'ADMIN_PASSKEYS_SECURITY', permissions: null },
];

export const sectionsFor = (held: readonly string[]) => SECTIONS.filter((s) => s.permissions === null || s.permissions.some((p) => held.includes(p)));
