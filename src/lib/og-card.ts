/**
 * What a link-preview image shows, and what its pixels depend on besides the drawing code in
 * og-image.ts. Kept apart from the renderer so that the build can plan the images (and key
 * their cache) on Astro's main thread without loading opentype.js and resvg there: only the
 * image worker draws.
 */
export interface OgCard {
  id: string;
  title: string;
  category: string;
}

/** The fonts, their parser, the rasteriser and the encoder: their versions are part of every image's cache key. */
export const RENDERER_PACKAGES = ['dejavu-fonts-ttf', 'opentype.js', '@resvg/resvg-js', 'sharp'];
