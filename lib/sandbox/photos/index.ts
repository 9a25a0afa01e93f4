import 'server-only';

/** The drawing's face: a photo's scene as SVG. The photo CDN (lib/catalog-api/cdn.ts) alone draws. */
export { sceneSvg } from './scenes';
