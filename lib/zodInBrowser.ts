import { z } from 'zod';

// The pages' Content-Security-Policy allows no eval. Zod 4 would try `new Function('')` on its
// first object parse to pick a faster path; the browser blocks it and reports a CSP violation.
// (The server allows eval, so its parsing keeps the fast path.)
if (typeof window !== 'undefined') z.config({ jitless: true });
