/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg', 'sharp', 'ioredis', 'prom-client'],
  poweredByHeader: false,
  // Photos come from the catalog's CDN, which serves any width with the `-{width}w` rule: next/image asks it
  // for the width each layout needs instead of resizing them here. Widths past 1920 are not offered: the
  // largest size the catalog names is 1600 px (spec: `large`), only a full-screen photo on a high-density
  // desktop would ask for more, and every photo's srcset (and its fallback `src`, the largest width) was two
  // entries longer with 2048 and 3840.
  images: {
    loader: 'custom',
    loaderFile: './lib/image-loader.ts',
    deviceSizes: [640, 750, 828, 1080, 1200, 1920],
  },
  reactStrictMode: true,
  // The style sheets are files (cached once for every page), not inlined: Next.js writes an inlined sheet into
  // the HTML and again, twice, into the page's RSC payload (the root layout's and the global error's copy),
  // ~22 KB gzip of every page (docs/decisions.md, "Smaller pages").
};

export default nextConfig;
