import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { audit, auditStatement } from './audit';

const entry = (action: string) => ({
  actor: { id: 'staff-1', roles: ['finance', 'support'] },
  action,
  entity: 'transaction',
  entityId: 'tx-1',
  before: { refunded: 0 },
  after: { refunded: 2450 },
  reason: 'double charge',
  origin: { ip: '203.0.113.9', country: 'MA' },
  at: new Date('2026-11-27T10:00:00Z'),
});

describe('the audit log', () => {
  it('keeps who, what, before and after, why, when and from where', async () => {
    await audit(env.DB, entry('refund.create'));
    const row = await env.DB.prepare("SELECT * FROM audit_log WHERE action = 'refund.create'").first();
    expect(row).toMatchObject({
      at: '2026-11-27T10:00:00.000Z',
      staff_id: 'staff-1',
      staff_roles: 'finance,support',
      entity: 'transaction',
      entity_id: 'tx-1',
      before_json: '{"refunded":0}',
      after_json: '{"refunded":2450}',
      reason: 'double charge',
      ip: '203.0.113.9',
      country: 'MA',
    });
  });

  it('is append-only: the database itself refuses UPDATE and DELETE, and a batch with one writes nothing', async () => {
    await audit(env.DB, entry('customer.suspend'));
    await expect(env.DB.prepare("UPDATE audit_log SET reason = 'edited' WHERE action = 'customer.suspend'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow(/append-only/);
    // An action and its entry are one batch: a failing statement in it leaves neither.
    await expect(env.DB.batch([auditStatement(env.DB, entry('coupon.disable')), env.DB.prepare('DELETE FROM audit_log')])).rejects.toThrow(/append-only/);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.disable'").first<{ n: number }>())!;
    expect(n).toBe(0);
    const kept = await env.DB.prepare("SELECT reason FROM audit_log WHERE action = 'customer.suspend'").first<{ reason: string }>();
    expect(kept?.reason).toBe('double charge');
  });
});
