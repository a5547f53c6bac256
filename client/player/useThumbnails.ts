import { useEffect, useState } from 'react';
import { parseThumbnailsVtt, type Thumbnail } from './thumbnails';

/** The seek bar's preview images: the title's thumbnails WebVTT (a signed media URL), read once per URL. */
export function useThumbnails(url: string | null): Thumbnail[] {
  const [thumbs, setThumbs] = useState<Thumbnail[]>([]);
  useEffect(() => {
    if (!url) return setThumbs([]);
    const absolute = new URL(url, location.href).toString();
    let cancelled = false;
    fetch(absolute, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => !cancelled && setThumbs(parseThumbnailsVtt(text, absolute)))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [url]);
  return thumbs;
}
