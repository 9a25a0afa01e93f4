import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname),
  // Route modules import `server-only`, which throws outside Next.js's server bundles; in tests it is a no-op.
  'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/matchers.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/matchers.ts', 'tests/setup/server-log.ts'],
          // Each file seeds its own in-memory database; give PGlite's start-up room on a busy machine.
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: {
            // Logged into memory and shown beside a failing test only (tests/setup/server-log.ts).
            LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
            // Files the service writes (the photo cache) go to a scratch folder, not the project's .data.
            DATA_DIR: path.join(os.tmpdir(), `rental-contract-${process.pid}`),
            // The suite makes thousands of requests with one key; the rate-limit tests lower these themselves.
            SVC_RATE_LIMIT_PER_MINUTE: '1000000',
            SVC_RATE_LIMIT_PER_HOUR: '1000000',
            SITE_RATE_LIMIT_PER_MINUTE: '1000000',
            SITE_INQUIRIES_PER_VISITOR_PER_HOUR: '1000000',
            // And one visitor (the test process) causes every upstream call: no share of its own.
            UPSTREAM_VISITOR_SHARE: '1',
          },
        },
      },
      {
        resolve: { alias },
        test: {
          // The production build against upstreams we did not write (tests/foreign): a few minutes alone,
          // 8 to 11 beside the end-to-end lane in `npm test` (the vendor's run took 480 s and 680 s there).
          name: 'foreign',
          include: ['tests/foreign/**/*.test.ts'],
          environment: 'node',
          testTimeout: 1_200_000,
          hookTimeout: 400_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Visitors from distinct loopback addresses against production servers (issue #24).
          name: 'abuse',
          include: ['tests/abuse/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 400_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // Builds when the sources changed, then seeds a small catalog: allow a few minutes.
          hookTimeout: 400_000,
        },
      },
    ],
  },
});
