import { useEffect, useState, type RefObject } from 'react';

/**
 * Fullscreen (the whole player, landscape on phones; the <video>'s own on iPhone) and
 * picture-in-picture where the browser offers it.
 */
export function useScreenModes(root: RefObject<HTMLDivElement | null>, video: RefObject<HTMLVideoElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  const [pipAvailable, setPipAvailable] = useState(false);

  useEffect(() => {
    const el = video.current;
    setPipAvailable(!!el && 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled && !el.disablePictureInPicture);
    const onFullscreen = () => setFullscreen(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, [root, video]);

  const toggleFullscreen = () => {
    const el = video.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) return void document.exitFullscreen().catch(() => undefined);
    if (root.current?.requestFullscreen) {
      root.current
        .requestFullscreen({ navigationUI: 'hide' })
        .then(() => (screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> }).lock?.('landscape'))
        .catch(() => undefined);
    } else el?.webkitEnterFullscreen?.();
  };
  const togglePip = () => {
    const el = video.current;
    if (!el) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void el.requestPictureInPicture().catch(() => undefined);
  };
  return { fullscreen, pipAvailable, toggleFullscreen, togglePip };
}
