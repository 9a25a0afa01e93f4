/** Ports from E2E_PORT_BASE (default 3100), so two checkouts can run their suites side by side. */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
export const TEST_SITE = `http://127.0.0.1:${PORT_BASE}`;
export const LIVE_SITE = `http://127.0.0.1:${PORT_BASE + 1}`;
/** A partner origin on EMBED_ALLOWED_ORIGINS, and one that is not. */
export const PARTNER_ALLOWED_PORT = PORT_BASE + 2;
export const PARTNER_REFUSED_PORT = PORT_BASE + 3;
