/**
 * Dashboard copies of what the crowd does, in Workers Analytics Engine (the EVENTS binding,
 * wrangler.toml): a data point per title stream started, ad impression and click, and help vote.
 * Analytics Engine samples at high volume, so these figures are for dashboards (what is watched,
 * how ads and articles do, by country), never for money: ads are billed from the exact counters
 * (worker/limits/counters.ts → ad_counts).
 *
 * A data point: `indexes` [the event], `blobs` [the event, what it is about, the detail, the
 * country], `doubles` [1] (a count to sum). Writing never waits and never fails a request: without
 * the binding (tests, a deployment without Analytics Engine) nothing is written.
 */

export type CrowdEvent =
  | { event: 'title_view'; slug: string; trailer: boolean }
  | { event: 'ad_impression' | 'ad_click'; adId: number }
  | { event: 'help_vote'; slug: string; helpful: boolean };

/** The part of an Analytics Engine dataset this module uses (a test passes a fake that records calls). */
export type EventsDataset = Pick<AnalyticsEngineDataset, 'writeDataPoint'>;

/** The data point of one event (pure). */
export function dataPointOf(event: CrowdEvent, country: string | null): AnalyticsEngineDataPoint {
  const [about, detail] =
    event.event === 'title_view'
      ? [event.slug, event.trailer ? 'trailer' : 'main']
      : event.event === 'help_vote'
        ? [event.slug, event.helpful ? 'yes' : 'no']
        : [String(event.adId), ''];
  return { indexes: [event.event], blobs: [event.event, about, detail, country ?? ''], doubles: [1] };
}

/** Writes the event's data point when the binding is there; a failure is logged, never thrown. */
export function recordEvent(env: { EVENTS?: EventsDataset | undefined }, event: CrowdEvent, country: string | null = null): void {
  if (!env.EVENTS) return;
  try {
    env.EVENTS.writeDataPoint(dataPointOf(event, country));
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'analytics event not written', event: event.event, error: String(error) }));
  }
}
