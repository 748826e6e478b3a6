// zod's own config, without the schema builders: this module is in the first bundle.
import { config } from 'zod/v4/core';

/*
 * The page runs under a Content-Security-Policy without 'unsafe-eval'
 * (apps/server/src/http/security-headers.ts). zod would probe `new Function` to compile
 * faster parsers, and the browser reports even a probe that fails quietly, so schemas parse
 * without it. main.tsx imports this module first, before any schema is built.
 */
config({ jitless: true });

/** This page's CSP nonce (the csp-nonce meta the server fills in): Mantine's <style> elements carry it. */
export const cspNonce = (): string => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
