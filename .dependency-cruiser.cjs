// @ts-check
/*
 * The import rules of docs/architecture.md ("Allowed import directions"), checked by `npm run check:imports`
 * (part of `npm test` and `npm run test:fast`). A rule's name and comment are what a failing run prints.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOTS = ['app', 'components', 'lib'];

/** Every module that starts with the `'use client'` directive: the roots of the browser's code. */
function clientModules() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && /^\s*['"]use client['"]/.test(fs.readFileSync(file, 'utf8')))
        found.push(file.split(path.sep).join('/'));
    }
  };
  for (const root of ROOTS) walk(path.join(__dirname, root));
  return found.map((file) => path.relative(__dirname, file).split(path.sep).join('/'));
}

const literally = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (files) => (files.length ? `^(${files.map(literally).join('|')})$` : '^$');

/** Shared code both roles (and the browser) may import. */
const SHARED_PURE = '^(lib/contract/|lib/rules/|lib/dates\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Two modules that need each other share a third instead (docs/architecture.md), lazy import()s included: a part loaded later takes what it shares with its loader from a module of their own (components/property/booking-parts.tsx).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'site-not-service',
      comment:
        "The site reaches the catalog only over HTTP through lib/catalog-client, never lib/catalog-api's code.",
      severity: 'error',
      from: {
        path: '^(lib/site/|lib/catalog-client/|components/|app/(api|embed)/|app/\\(site\\)/)',
        pathNot: '^app/\\(site\\)/docs/api/',
      },
      to: { path: '^lib/(catalog-api|sandbox)/' },
    },
    {
      name: 'sandbox-is-content',
      comment:
        "lib/sandbox (the demo catalog and the photos' drawing) imports itself, lib/contract, lib/rules and lib/dates; of the service, only the tables it fills.",
      severity: 'error',
      from: { path: '^lib/sandbox/' },
      to: { path: '^lib/', pathNot: [SHARED_PURE, '^lib/sandbox/', '^lib/catalog-api/db/schema\\.ts$'] },
    },
    {
      name: 'sandbox-names-table-types-only',
      comment: "The sandbox reads the service's tables as types (its rows' shapes), never their code.",
      severity: 'error',
      from: { path: '^lib/sandbox/' },
      to: { path: '^lib/catalog-api/db/schema\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sandbox-through-its-faces',
      comment:
        'Outside lib/sandbox, it is named through its face (index.ts: the demo catalog) and photos/index.ts (the drawing).',
      severity: 'error',
      from: { pathNot: '^lib/sandbox/' },
      to: { path: '^lib/sandbox/', pathNot: '^lib/sandbox/(photos/)?index\\.ts$' },
    },
    {
      name: 'drawing-for-the-cdn-only',
      comment:
        "The /v2 request path never loads the photos' drawing: only the photo CDN (lib/catalog-api/cdn.ts) names it.",
      severity: 'error',
      from: { pathNot: '^(lib/sandbox/|lib/catalog-api/cdn\\.ts$)' },
      to: { path: '^lib/sandbox/photos/' },
    },
    {
      name: 'api-path-draws-nothing',
      comment: "Nothing the /v2 pipeline and its routes load, near or far, is the photos' drawing.",
      severity: 'error',
      from: { path: '^(app/v2/|lib/catalog-api/(http|routes)/)' },
      to: { path: '^lib/sandbox/photos/(scenes\\.ts$|draw/)', reachable: true },
    },
    {
      name: 'service-face-only',
      comment:
        "Outside the service, only app/v2, the API reference page and instrumentation.ts name lib/catalog-api, through its face (index.ts), and app/cdn through the CDN's (cdn.ts).",
      severity: 'error',
      from: { pathNot: '^lib/(catalog-api|sandbox)/' },
      to: { path: '^lib/catalog-api/', pathNot: '^lib/catalog-api/(index|cdn)\\.ts$' },
    },
    {
      name: 'cdn-face-for-the-cdn',
      comment: "The photo CDN's face (lib/catalog-api/cdn.ts) is for app/cdn: it loads the photos' drawing.",
      severity: 'error',
      from: { pathNot: '^(app/cdn/|lib/catalog-api/)' },
      to: { path: '^lib/catalog-api/cdn\\.ts$' },
    },
    {
      name: 'service-not-site',
      comment: 'The service does not depend on the partner side.',
      severity: 'error',
      from: { path: '^lib/catalog-api/' },
      to: { path: '^(lib/site/|lib/catalog-client/)' },
    },
    {
      name: 'lib-not-ui',
      comment: 'lib/ never imports components/ or app/: a type both need lives in lib/.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'contract-imports-nothing',
      comment: 'lib/contract is the API as schemas: zod and itself only.',
      severity: 'error',
      from: { path: '^lib/contract/' },
      to: { pathNot: ['^lib/contract/', '^node_modules/zod/'] },
    },
    {
      name: 'rules-are-pure',
      comment: 'lib/rules imports lib/contract and lib/dates.ts only: no I/O, no role.',
      severity: 'error',
      from: { path: '^lib/rules/' },
      to: { pathNot: SHARED_PURE },
    },
    {
      name: 'catalog-client-face-only',
      comment: 'Outside lib/catalog-client, the client is named through its face (index.ts) only.',
      severity: 'error',
      from: { pathNot: '^lib/catalog-client/' },
      to: { path: '^lib/catalog-client/', pathNot: '^lib/catalog-client/index\\.ts$' },
    },
    {
      name: 'rules-face-only',
      comment: 'Outside lib/rules, the shared rules are named through their face (index.ts) only.',
      severity: 'error',
      from: { pathNot: '^lib/rules/' },
      to: { path: '^lib/rules/', pathNot: '^lib/rules/index\\.ts$' },
    },
    {
      name: 'contract-face-only',
      comment:
        "Outside lib/contract, the contract is named through its face (index.ts), or through one of its two light faces the browser takes without zod: limits.ts (the party's and the stay's bounds) and days.ts (day arithmetic, for lib/dates.ts).",
      severity: 'error',
      from: { pathNot: '^lib/contract/' },
      to: { path: '^lib/contract/', pathNot: '^lib/contract/(index|limits|days)\\.ts$' },
    },
    {
      name: 'browser-helpers-browser-safe',
      comment:
        'lib/site/browser runs in the browser: it imports only itself, lib/contract, lib/rules, lib/dates.ts and browser-safe packages.',
      severity: 'error',
      from: { path: '^lib/site/browser/' },
      to: { path: '^(lib/|node_modules/server-only/)', pathNot: [SHARED_PURE, '^lib/site/browser/'] },
    },
    {
      name: 'browser-not-core',
      comment: 'Code that may run in the browser imports no Node.js built-in.',
      severity: 'error',
      from: { path: `${exactly(clientModules())}|^lib/site/browser/|${SHARED_PURE}` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-not-server',
      comment: "Nothing a 'use client' module imports, directly or through others, is a server-only module.",
      severity: 'error',
      from: { path: exactly(clientModules()) },
      to: { path: '^node_modules/server-only/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|tests|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
