/**
 * What the server-rendered player tells the boot script (client/player/engine.ts bootPlayer) on
 * its <video>, so the stream starts before React: the signed master playlist, the start position,
 * and for guests the content id whose position this browser keeps (client/player/watched.ts); and
 * on the controls that mean "play", which the boot script makes work before the island is live.
 */
export const BOOT_ATTRIBUTES = { src: 'data-player-src', start: 'data-player-start', local: 'data-player-local', duration: 'data-player-duration', play: 'data-player-play', dataUsage: 'data-player-data-usage' } as const;
