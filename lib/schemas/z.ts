import { z } from 'zod';

// Every schema that can reach the browser takes zod from here, so this runs before its first parse.
// The pages' Content-Security-Policy allows no eval. Zod 4 would try `new Function('')` on its
// first object parse to pick a faster path; the browser blocks it and reports a CSP violation.
// (The server allows eval, so its parsing keeps the fast path.)
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
