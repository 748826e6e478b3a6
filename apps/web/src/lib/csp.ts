/*
 * The page runs under a Content-Security-Policy without 'unsafe-eval'
 * (apps/server/src/http/security-headers.ts). zod would probe `new Function` to compile
 * faster parsers, and the browser reports even a probe that fails quietly, so schemas parse
 * without it. zod keeps its settings on `globalThis.__zod_globalConfig` (one object for every
 * copy of it), so this sets `jitless` there without importing zod: this module is in the
 * first bundle, and zod's `config()` would bring its core utilities in with it (about 4 KB
 * gzip). main.tsx imports this module first, before any schema is built; csp.test.ts holds
 * zod to reading the setting from there.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

/** This page's CSP nonce (the csp-nonce meta the server fills in): Mantine's <style> elements carry it. */
export const cspNonce = (): string => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
