// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

// No static import of zod here: the setting must hold whichever loads first in the page.
describe('zod in the browser', () => {
  it('runs without eval once lib/zodInBrowser has run, before zod loads', async () => {
    await import('@/lib/zodInBrowser');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Élise' })).toEqual({ name: 'Élise' });
  });

  it('also sets it when zod had loaded first', async () => {
    const { z } = await import('zod');
    z.config({ jitless: false });
    vi.resetModules(); // our module runs again; zod (an external package) stays loaded
    await import('@/lib/zodInBrowser');
    expect(z.config().jitless).toBe(true);
  });
});
