import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HOLD_MS } from '../../rules/events';
import { showInventory } from './inventory';

// DO storage may be shared between test files: every test uses a fresh show id.
const show = () => showInventory(env, 1_000_000 + Math.floor(Math.random() * 1_000_000_000));
const order = () => crypto.randomUUID();
const T = Date.now();

describe('ShowInventory: one show’s seats, sold and held', () => {
  it('holds seats while they last, and says how many are left when it cannot', async () => {
    const inventory = show();
    expect(await inventory.hold(order(), 3, 5, T)).toEqual({ ok: true, seatsLeft: 2 });
    expect(await inventory.hold(order(), 3, 5, T)).toEqual({ ok: false, reason: 'sold_out', seatsLeft: 2 });
    expect(await inventory.hold(order(), 0, 5, T)).toEqual({ ok: true, seatsLeft: 2 });
    expect(await inventory.seatsLeft(5, T)).toBe(2);
  });

  it('a hold of the same order twice takes its seats once', async () => {
    const inventory = show();
    const id = order();
    await inventory.hold(id, 2, 4, T);
    expect(await inventory.hold(id, 2, 4, T)).toEqual({ ok: true, seatsLeft: 2 });
  });

  it('a hold runs out after 10 minutes (time passed in): its seats come back', async () => {
    const inventory = show();
    await inventory.hold(order(), 4, 4, T);
    expect(await inventory.seatsLeft(4, T + HOLD_MS - 1)).toBe(0);
    expect(await inventory.seatsLeft(4, T + HOLD_MS)).toBe(4);
  });

  it('confirm sells the held seats, once; release gives back a hold but never sold seats', async () => {
    const inventory = show();
    const [paid, dropped] = [order(), order()];
    await inventory.hold(paid, 2, 4, T);
    await inventory.hold(dropped, 2, 4, T);
    expect(await inventory.confirm(paid, 2, 4, T + 1000)).toEqual({ sold: true, retaken: false });
    expect(await inventory.confirm(paid, 2, 4, T + 2000)).toEqual({ sold: true, retaken: false });
    await inventory.release(dropped);
    await inventory.release(paid);
    expect(await inventory.seatsLeft(4, T + HOLD_MS * 2)).toBe(2);
  });

  it('a hold that ran out is re-taken at confirm only if seats remain, else sold_out', async () => {
    const inventory = show();
    const [late, other, lateAgain] = [order(), order(), order()];
    await inventory.hold(late, 1, 2, T);
    expect(await inventory.confirm(late, 1, 2, T + HOLD_MS + 1)).toEqual({ sold: true, retaken: true });
    await inventory.hold(lateAgain, 1, 2, T + HOLD_MS + 2);
    await inventory.hold(other, 1, 2, T + 2 * HOLD_MS + 3);
    expect(await inventory.confirm(lateAgain, 1, 2, T + 2 * HOLD_MS + 4)).toEqual({ sold: false, reason: 'sold_out', seatsLeft: 0 });
  });

  it('its alarm drops expired holds', async () => {
    const inventory = show();
    await inventory.hold(order(), 1, 1, Date.now() - HOLD_MS - 1000);
    // Scheduled in the past, it may already have run: run it now if not.
    await runDurableObjectAlarm(inventory);
    expect(await inventory.seatsLeft(1, Date.now() - HOLD_MS)).toBe(1);
  });
});
