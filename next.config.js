/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg', 'sharp', 'ioredis', 'prom-client'],
  poweredByHeader: false,
  // Photos come from the catalog's CDN, which serves any width with the `-{width}w` rule: next/image asks it
  // for the width each layout needs instead of resizing them here.
  images: { loader: 'custom', loaderFile: './lib/image-loader.ts' },
  reactStrictMode: true,
  // The site's one style sheet (Tailwind's utilities, ~7 KB compressed) goes in the page itself: a phone
  // paints without waiting for a second request first.
  experimental: { inlineCss: true },
};

export default nextConfig;
