/**
 * Link previews (Facebook, X, WhatsApp, Slack) do not all show the catalogue's WebP artwork: each
 * title's `/catalogue/{slug}-tile.webp` (or `.svg`) has a JPEG twin (scripts/seed/raster-images.ts;
 * not the episodes' `-s1e2-tile`) named in the share tags instead.
 */
export const shareImage = (image: string | null): string | null =>
  image && /^\/catalogue\/[\w-]+-tile\.(?:webp|svg)$/.test(image) && !/-s\d+e\d+-tile\.\w+$/.test(image) ? image.replace(/\.\w+$/, '.jpg') : image;
