import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StreamAnswer } from '../../player/schemas';
import { callApi, messageOf, registeredUser } from '../../../test/accounts';
import { makeTitle } from '../../../test/catalogue';
import { makeShow, makeTicket, type TestShow } from '../etickets/testing';

/** The show: 20:00 to 22:00 UTC on 25 November 2026, live on a demo channel, its replay a premium title. */
const STARTS = Date.parse('2026-11-25T20:00:00Z');
const ENDS = STARTS + 2 * 3_600_000;
const HOUR = 3_600_000;

let show: TestShow;
let replaySlug: string;
let holder: Awaited<ReturnType<typeof registeredUser>>;

const watch = (who: { tokens: { token: string } } | null, at: number, id = show.showId) =>
  callApi(`/events/shows/${id}/stream_url?lang=fr`, { token: who?.tokens.token, headers: { 'x-test-now': new Date(at).toISOString(), 'X-Device-Id': crypto.randomUUID() } });

const stop = (who: { tokens: { token: string } }, answer: StreamAnswer) => callApi(`/streams/${answer.streamId}/stop`, { method: 'POST', token: who.tokens.token });

beforeAll(async () => {
  const suffix = crypto.randomUUID().slice(0, 8);
  const channel = await env.DB.prepare(
    `INSERT INTO channels (xmltv_id, slug, number, names, demo_prefix, updated_at) VALUES (?1, ?2, 900, '{"en":"Festival live"}', 'demo/a/main', '2026-01-01T00:00:00Z') RETURNING id`,
  )
    .bind(`${suffix}.festival.tafrij.test`, `festival-${suffix}`)
    .first<{ id: number }>();
  const replay = await makeTitle({ premium: true });
  replaySlug = replay.slug;
  show = await makeShow({ startsAt: STARTS, channelId: channel!.id, replayContentId: replay.id });
  holder = await registeredUser();
  await makeTicket(holder.id, show, 'stream');
});

describe('GET /events/shows/{id}/stream_url (stream passes)', () => {
  it('refuses before the live stream opens, with the time it opens', async () => {
    const res = await watch(holder, STARTS - 16 * 60_000);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; opens_at: string };
    expect(body.message).toMatch(/^SHOW_NOT_STARTED/);
    expect(body.opens_at).toBe('2026-11-25T19:45:00.000Z');
  });

  it('opens the live stream from 15 minutes before the start to the end', async () => {
    for (const at of [STARTS - 15 * 60_000, STARTS + HOUR, ENDS - 1000]) {
      const res = await watch(holder, at);
      expect(res.status, new Date(at).toISOString()).toBe(200);
      const answer = (await res.json()) as StreamAnswer;
      expect(answer.live).not.toBeNull();
      expect(answer.url).toContain('/live/demo/a/main/master.m3u8');
      expect(answer.content.name_long).toBe('Soirée de gala');
      await stop(holder, answer);
    }
  });

  it('plays the replay for 48 hours after the end, premium title or not, then 410', async () => {
    const replay = await watch(holder, ENDS + 47 * HOUR);
    expect(replay.status).toBe(200);
    const answer = (await replay.json()) as StreamAnswer;
    expect(answer.live).toBeNull();
    expect(answer.content.slug).toBe(replaySlug);
    expect(answer.url).toContain(`/tests/${replaySlug}/main/master.m3u8`);
    expect(answer.streamId).not.toBeNull();
    await stop(holder, answer);
    const ended = await watch(holder, ENDS + 49 * HOUR);
    expect(ended.status).toBe(410);
    expect(await messageOf(ended)).toMatch(/^REPLAY_ENDED/);
  });

  it('counts in the concurrent-streams limit like any stream', async () => {
    const answers: Response[] = [];
    for (let i = 0; i < 3; i++) answers.push(await watch(holder, ENDS + HOUR));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 409]);
    for (const res of answers.slice(0, 2)) await stop(holder, (await res.json()) as StreamAnswer);
  });

  it('asks for a pass: no pass, someone else’s pass, a venue ticket, a void pass, a guest', async () => {
    const stranger = await registeredUser();
    const noPass = await watch(stranger, STARTS);
    expect(noPass.status).toBe(403);
    expect(await messageOf(noPass)).toMatch(/^STREAM_PASS_REQUIRED/);
    const venueOnly = await registeredUser();
    await makeTicket(venueOnly.id, show, 'venue');
    expect((await watch(venueOnly, STARTS)).status).toBe(403);
    const voided = await registeredUser();
    await makeTicket(voided.id, show, 'both', 'void');
    expect((await watch(voided, STARTS)).status).toBe(403);
    const other = await makeShow({ startsAt: STARTS });
    expect((await watch(holder, STARTS, other.showId)).status).toBe(403);
    expect((await watch(null, STARTS)).status).toBe(401);
    expect((await watch(holder, STARTS, 999999)).status).toBe(404);
  });

  it('plays a show without a channel from its live source URL', async () => {
    const external = await makeShow({ startsAt: STARTS, liveSourceUrl: 'https://live.example.test/festival/master.m3u8' });
    const fan = await registeredUser();
    await makeTicket(fan.id, external, 'both');
    const res = await watch(fan, STARTS, external.showId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as StreamAnswer).url).toBe('https://live.example.test/festival/master.m3u8');
  });
});
