// The pages' Content-Security-Policy allows no eval. Zod 4 would try `new Function('')` on its
// first object parse to pick a faster path; the browser blocks it and reports a CSP violation.
// (The server allows eval, so its parsing keeps the fast path.)
//
// Zod keeps its settings in one object on globalThis, which `z.config()` reads and writes (and
// adopts when it exists before zod loads). Setting it here, rather than calling z.config(), keeps
// zod itself out of the pages that never parse anything (issue 14; importing `config` from
// zod/v4/core cost every page 6 kB of gzip). tests/unit/zod-in-browser.test.ts checks zod sees it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

if (typeof window !== 'undefined') {
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });
}

export {};
