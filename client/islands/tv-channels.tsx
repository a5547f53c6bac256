import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import { ChannelCard, type ListedChannel } from '../tv/ChannelCard';

type Props = { channels: ListedChannel[]; now: number; timeZone: string };

/**
 * The channels of /tv with what is on now and next: server-rendered, then kept current every 30
 * seconds (progress, and the next programme taking over when one ends) without a reload.
 */
export default function TvChannels({ channels, now, timeZone }: Props) {
  const { t } = useI18n();
  const [at, setAt] = useState(now);
  useEffect(() => {
    const tick = () => setAt(Math.floor(Date.now() / 1000));
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, []);
  if (channels.length === 0) return <p className="tv__empty">{t('TV_NO_CHANNELS')}</p>;
  return (
    <ul className="tv__channels">
      {channels.map((channel) => (
        <ChannelCard key={channel.slug} channel={channel} at={at} timeZone={timeZone} />
      ))}
    </ul>
  );
}

export const TvChannelsIsland = defineIsland('tv-channels', TvChannels, 'load');
