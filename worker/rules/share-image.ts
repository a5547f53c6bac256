/**
 * The catalogue artwork is SVG, which link previews (Facebook, X, WhatsApp, Slack) do not show:
 * each title's `/catalogue/{slug}-tile.svg` has a JPEG twin (scripts/seed/share-images.ts; not
 * the episodes' `-s1e2-tile.svg`) named in the share tags instead.
 */
export const shareImage = (image: string | null): string | null =>
  image && /^\/catalogue\/[\w-]+-tile\.svg$/.test(image) && !/-s\d+e\d+-tile\.svg$/.test(image) ? image.replace(/\.svg$/, '.jpg') : image;
