import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';
import { LIVE_SITE, PARTNER_ALLOWED_PORT, PORT_BASE, TEST_SITE } from './tests/e2e/ports';

/*
 * End-to-end tests in Chromium against production servers on 127.0.0.1 (built once by `npm run test:e2e`):
 * - :3100 (E2E_PORT_BASE) serves the site with its embedded catalog service, under the demo test key;
 * - :3101 (base + 1) serves only the site, talking to :3100's /v2 with the demo live key (the banner must not show).
 * Playwright's own Chromium when installed, otherwise Debian's /usr/bin/chromium.
 */

const bundled = (() => {
  try {
    return chromium.executablePath();
  } catch {
    return '';
  }
})();
const executablePath = bundled && existsSync(bundled) ? undefined : '/usr/bin/chromium';

const common = {
  CATALOG_ACTIVITY: '0',
  LOG_LEVEL: 'warn',
  // One machine plays every visitor.
  SITE_RATE_LIMIT_PER_MINUTE: '1000000',
  SITE_PAGE_VIEWS_PER_MINUTE: '1000000',
  CDN_RENDERS_PER_VISITOR_PER_MINUTE: '1000000',
  SITE_INQUIRIES_PER_VISITOR_PER_HOUR: '1000000',
  UPSTREAM_VISITOR_SHARE: '1',
};

export default defineConfig({
  testDir: 'tests/e2e',
  // A test's whole time. Alone a test here takes 5–25 s; in `npm test` this lane shares the machine's two
  // cores with the contract and foreign lanes, and tests that take 12–25 s alone took 46–49 s there
  // (a map's first draw, three axe runs on one path): over the 45 s this was. A test that hangs still fails.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: TEST_SITE,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      // The maps need WebGL: with no GPU, Chromium's software renderer (SwiftShader), which recent versions
      // use only when asked (Debian's /usr/bin/chromium and Playwright's own build alike).
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `${TEST_SITE}/api/locations`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        ...common,
        PORT: String(PORT_BASE),
        SITE_URL: TEST_SITE,
        DATA_DIR: '.e2e/test',
        DEMO_PROPERTIES: '400',
        // The replica's first load in seconds, not minutes: the suite is the only caller of this catalog.
        SVC_RATE_LIMIT_PER_MINUTE: '1000000',
        SVC_RATE_LIMIT_PER_HOUR: '10000000',
        UPSTREAM_BUDGET_PER_MINUTE: '1000000',
        UPSTREAM_BUDGET_PER_HOUR: '10000000',
        // The partner page the embed tests serve; :3103 plays a partner that is not on the list.
        EMBED_ALLOWED_ORIGINS: `http://127.0.0.1:${PARTNER_ALLOWED_PORT}`,
      },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${LIVE_SITE}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        ...common,
        PORT: String(PORT_BASE + 1),
        SITE_URL: LIVE_SITE,
        DATA_DIR: '.e2e/live',
        CATALOG_API_ENABLED: '0',
        SVC_BASE_URL: `${TEST_SITE}/v2`,
        SVC_API_KEY: 'svc_live_demo_full_access',
      },
    },
  ],
});
