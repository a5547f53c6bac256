import type { Permission } from '../../../worker/rules/staff';

/** The console's sections in its navigation, each shown to staff who hold its permission. */
export const SECTIONS: readonly { path: string; label: string; permission: Permission | null }[] = [
  { path: '/admin', label: 'ADMIN_HOME', permission: null },
  { path: '/admin/staff', label: 'ADMIN_STAFF', permission: 'staff.read' },
  { path: '/admin/audit', label: 'ADMIN_AUDIT', permission: 'audit.read' },
  { path: '/admin/security', label: 'ADMIN_PASSKEYS_SECURITY', permission: null },
  { path: '/admin/customers', label: 'ADMIN_CUSTOMERS', permission: 'customers.read' },
  { path: '/admin/coupons', label: 'ADMIN_COUPONS', permission: 'coupons.read' },
  { path: '/admin/reconciliation', label: 'ADMIN_RECON', permission: 'reconciliation.read' },
  { path: '/admin/reports', label: 'ADMIN_REPORTS', permission: 'reports.read' },
  { path: '/admin/support', label: 'ADMIN_SUPPORT_TITLE', permission: 'support.read' },
  { path: '/admin/refunds', label: 'ADMIN_REFUNDS', permission: 'refunds.read' },
];

export const sectionsFor = (permissions: readonly string[]) => SECTIONS.filter((s) => s.permission === null || permissions.includes(s.permission));
