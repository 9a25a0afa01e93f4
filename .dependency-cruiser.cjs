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
      to: { path: '^lib/catalog-api/' },
    },
    {
      name: 'service-face-only',
      comment:
        'Outside the service, only app/v2, app/cdn, the API reference page and instrumentation.ts name lib/catalog-api, and only through its face (index.ts).',
      severity: 'error',
      from: { pathNot: '^lib/catalog-api/' },
      to: { path: '^lib/catalog-api/', pathNot: '^lib/catalog-api/index\\.ts$' },
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
