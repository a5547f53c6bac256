/**
 * Where the subtitles go (issue 34). The picture is drawn `object-fit: contain` inside the <video>:
 * on a portrait phone a 16:9 picture leaves black bands above and below it, and the subtitles read
 * best in the lower band, right under the picture, instead of over the picture's bottom. When that
 * band is too small for them (landscape, desktop), they sit over the picture at the bottom, above
 * the seek bar and control bar while those show.
 */

/** The lower band must hold two lines of large subtitles and their margin to take them. */
export const BAND_MIN_PX = 96;

/**
 * The height (CSS px) of the black band under the picture of a `videoWidth`×`videoHeight` video
 * drawn contained in a `width`×`height` box; 0 when the picture fills the height or the video's
 * size is not known yet.
 */
export function bandBelowPicture(width: number, height: number, videoWidth: number, videoHeight: number): number {
  if (!(width > 0 && height > 0 && videoWidth > 0 && videoHeight > 0)) return 0;
  const scale = Math.min(width / videoWidth, height / videoHeight);
  return Math.max(0, (height - videoHeight * scale) / 2);
}

/**
 * Whether the subtitles go in the band under the picture: what is left of the band above the
 * controls (`controlsLift` px from the bottom, the seek bar's top) holds them.
 */
export const inBand = (band: number, controlsLift: number): boolean => band - controlsLift >= BAND_MIN_PX;
