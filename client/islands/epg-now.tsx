import { useEffect, useRef, useState } from 'react';
import { GUIDE_PX_PER_MINUTE, TIME_ZONE_COOKIE, clockTime } from '../../worker/rules/live-tv';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';

type Props = { from: number; to: number; now: number; timeZone: string };

/** Once per tab: a browser whose time zone differs from the one the guide was drawn in reloads it in its own. */
const RELOADED_KEY = 'epg-tz-reloaded';

/**
 * The EPG now line: the guide's "now" line (issue 16), drawn by the server where now was, then moved every 30
 * seconds; at load the grid scrolls to it. It also tells the server the browser's time zone (the
 * `tz` cookie), so times are the viewer's own — reloading once when they were drawn in another.
 */
export default function EpgNow({ from, to, now, timeZone }: Props) {
  const { t, lang } = useI18n();
  const [at, setAt] = useState(now);
  const line = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) {
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax; secure`;
      if (zone !== timeZone && !sessionStorage.getItem(RELOADED_KEY)) {
        sessionStorage.setItem(RELOADED_KEY, '1');
        location.reload();
        return;
      }
    }
    if (!location.hash || location.hash === '#now') line.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
    const tick = () => setAt(Math.floor(Date.now() / 1000));
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, [timeZone]);

  if (at < from || at >= to) return null;
  return (
    <span
      ref={line}
      id="now"
      className="epg__now"
      style={{ ['--at' as string]: `${Math.round(((at - from) / 60) * GUIDE_PX_PER_MINUTE)}px` }}
      role="img"
      aria-label={`${t('EPG_NOW')} ${clockTime(at, lang, timeZone)}`}
    >
      <span className="epg__now-label">{clockTime(at, lang, timeZone)}</span>
    </span>
  );
}

export const EpgNowIsland = defineIsland('epg-now', EpgNow, 'load');
