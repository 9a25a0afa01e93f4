// The control of `npm run bench:pages` (scripts/bench/control.ts): Next.js and React as they come, no
// setting of this app's, resolved from this project's node_modules (two folders up).
import path from 'node:path';

export default { reactStrictMode: true, turbopack: { root: path.resolve(import.meta.dirname, '../../..') } };
