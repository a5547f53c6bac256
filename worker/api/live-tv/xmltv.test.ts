import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { importXmltv, parseXmltv, ratingAge, xmltvTime, XmltvError } from './xmltv';

const uid = () => crypto.randomUUID().slice(0, 8);

/** A small guide: two channels, multilingual titles, time zones, a missing stop, bad rows. */
const guide = (id: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv generator-info-name="test">
  <channel id="${id}.one"><display-name lang="fr">Chaîne Une</display-name><display-name lang="ar">القناة الأولى</display-name><display-name>7</display-name><icon src="https://img.example/one.png"/></channel>
  <channel id="${id}.two"><display-name>Two</display-name></channel>
  <programme channel="${id}.one" start="20261125200000 +0100" stop="20261125213000 +0100">
    <title lang="fr">Le Film</title><title lang="ar">الفيلم</title><desc lang="fr">Une histoire.</desc>
    <category lang="en">Movie</category><episode-num system="xmltv_ns">0.1.0/1</episode-num>
    <rating system="CSA"><value>-12</value></rating><icon src="https://img.example/film.jpg"/>
  </programme>
  <programme channel="${id}.one" start="20261125203000 +0000"><title>Late news</title></programme>
  <programme channel="${id}.one" start="20261125220000 +0000" stop="20261125223000 +0000"><title lang="en">Night &amp; day</title></programme>
  <programme channel="${id}.two" start="2026112520" stop="20261125210000"><title>Bad start</title></programme>
  <programme channel="${id}.two" start="20261125200000" stop="20261125190000"><title>Backwards</title></programme>
  <programme channel="${id}.two" start="20261125200000" stop="20261125210000"></programme>
  <programme channel="${id}.two" start="20261125230000 -0500"><title>Last, no stop</title></programme>
  ${extra}
</tv>`;

describe('XMLTV dates and ratings', () => {
  it('reads time zones, no zone as UTC, and refuses impossible dates', () => {
    expect(xmltvTime('20261125200000 +0100')).toBe(Date.UTC(2026, 10, 25, 19) / 1000);
    expect(xmltvTime('20261125200000 -0530')).toBe(Date.UTC(2026, 10, 26, 1, 30) / 1000);
    expect(xmltvTime('202611252000')).toBe(Date.UTC(2026, 10, 25, 20) / 1000);
    expect(xmltvTime('20261125200000')).toBe(Date.UTC(2026, 10, 25, 20) / 1000);
    expect(xmltvTime('20260231200000')).toBeNull();
    expect(xmltvTime('2026-11-25 20:00')).toBeNull();
  });
  it('takes the age of a rating', () => {
    expect(ratingAge('-12')).toBe(12);
    expect(ratingAge('TV-14')).toBe(14);
    expect(ratingAge('TV-MA')).toBe(18);
    expect(ratingAge('Tous publics')).toBe(0);
  });
});

describe('parseXmltv', () => {
  it('reads channels and programmes in four languages, infers a missing stop and reports the rows it cannot use', () => {
    const id = uid();
    const { channels, programmes, rejected } = parseXmltv(guide(id));
    expect(channels).toEqual([
      { xmltvId: `${id}.one`, names: { fr: 'Chaîne Une', ar: 'القناة الأولى' }, number: 7, logo: 'https://img.example/one.png' },
      { xmltvId: `${id}.two`, names: { en: 'Two' }, number: null, logo: null },
    ]);
    expect(programmes).toHaveLength(3);
    const [film, news, night] = programmes;
    expect(film).toMatchObject({
      start: Date.UTC(2026, 10, 25, 19) / 1000,
      stop: Date.UTC(2026, 10, 25, 20, 30) / 1000,
      title: { fr: 'Le Film', ar: 'الفيلم' },
      description: { fr: 'Une histoire.' },
      category: { en: 'Movie' },
      episode: 'S1 E2',
      ageRating: 12,
      image: 'https://img.example/film.jpg',
    });
    // No stop: until the next programme of the channel.
    expect(news).toMatchObject({ title: { en: 'Late news' }, start: Date.UTC(2026, 10, 25, 20, 30) / 1000, stop: Date.UTC(2026, 10, 25, 22) / 1000 });
    expect(night?.title).toEqual({ en: 'Night & day' });
    expect(rejected.map((r) => [r.index, r.reason])).toEqual([
      [4, 'start is not an XMLTV date'],
      [5, 'stop is not after start'],
      [6, 'no title'],
      [7, 'no stop and no following programme'],
    ]);
  });

  it('refuses a malformed file, or one that is not XMLTV, with a clear error', () => {
    expect(() => parseXmltv('<tv><channel id="a"></tv>')).toThrow(XmltvError);
    expect(() => parseXmltv('<tv><channel id="a"></tv>')).toThrow(/not well-formed XML/);
    expect(() => parseXmltv('<rss><channel/></rss>')).toThrow(/root element must be <tv>/);
    expect(() => parseXmltv('')).toThrow(XmltvError);
  });
});

describe('importXmltv', () => {
  const count = async (id: string) =>
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM programmes p JOIN channels c ON c.id = p.channel_id WHERE c.xmltv_id LIKE ?1').bind(`${id}.%`).first<{ n: number }>())?.n;

  it('imports, and importing again updates in place: no duplicates, same ids', async () => {
    const id = uid();
    const first = await importXmltv(env.DB, guide(id), new Date('2026-11-24T10:00:00Z'));
    expect(first).toMatchObject({ channels: 2, programmes: 3 });
    expect(first.rejected).toHaveLength(4);
    const before = await env.DB.prepare('SELECT p.id, p.title FROM programmes p JOIN channels c ON c.id = p.channel_id WHERE c.xmltv_id = ?1 ORDER BY starts_at').bind(`${id}.one`).all<{ id: number; title: string }>();
    const again = guide(id).replace('Le Film', 'Le Grand Film');
    await importXmltv(env.DB, again, new Date('2026-11-24T11:00:00Z'));
    expect(await count(id)).toBe(3);
    const after = await env.DB.prepare('SELECT p.id, p.title FROM programmes p JOIN channels c ON c.id = p.channel_id WHERE c.xmltv_id = ?1 ORDER BY starts_at').bind(`${id}.one`).all<{ id: number; title: string }>();
    expect(after.results.map((r) => r.id)).toEqual(before.results.map((r) => r.id));
    expect(JSON.parse(after.results[0]?.title ?? '{}')).toMatchObject({ fr: 'Le Grand Film' });
    const channel = await env.DB.prepare('SELECT slug, number, names FROM channels WHERE xmltv_id = ?1').bind(`${id}.one`).first<{ slug: string; number: number; names: string }>();
    expect(channel).toMatchObject({ slug: `${id}-one`, number: 7 });
  });

  it('removes a programme the new file no longer lists within the time it covers', async () => {
    const id = uid();
    await importXmltv(env.DB, guide(id), new Date());
    const without = guide(id).replace(/<programme channel="[^"]+\.one" start="20261125203000 \+0000"><title>Late news<\/title><\/programme>/, '');
    await importXmltv(env.DB, without, new Date());
    expect(await count(id)).toBe(2);
  });

  it('rejects programmes of an unknown channel and writes nothing from a malformed file', async () => {
    const id = uid();
    const report = await importXmltv(env.DB, guide(id, `<programme channel="${id}.nowhere" start="20261125200000" stop="20261125210000"><title>Lost</title></programme>`), new Date());
    expect(report.rejected.some((r) => r.reason === 'unknown channel' && r.channel === `${id}.nowhere`)).toBe(true);
    const other = uid();
    await expect(importXmltv(env.DB, guide(other).replace('</tv>', '<programme>'), new Date())).rejects.toThrow(XmltvError);
    const channels = await env.DB.prepare('SELECT COUNT(*) AS n FROM channels WHERE xmltv_id LIKE ?1').bind(`${other}.%`).first<{ n: number }>();
    expect(channels?.n).toBe(0);
    expect(await count(other)).toBe(0);
  });
});
