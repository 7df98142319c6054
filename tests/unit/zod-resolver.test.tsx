// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useZodResolver } from '@/components/ui/form/useZodResolver';

// Issue #42: a form's schema (and zod with it) loads on the visitor's first use of the page.
const schema = z.object({ email: z.email() });
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<{ email: string }>;

function wrapper(locale: 'en' | 'fr') {
  return function Intl({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale} messages={{}}>
        {children}
      </NextIntlClientProvider>
    );
  };
}

describe('useZodResolver with a loader', () => {
  it('does not load the schema with the page, but at the first focus, touch or key anywhere', async () => {
    const load = vi.fn(async () => schema);
    renderHook(() => useZodResolver(load), { wrapper: wrapper('en') });
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('validates with the loaded schema, in French under /fr, and loads it once', async () => {
    const load = vi.fn(async () => schema);
    const { result } = renderHook(() => useZodResolver(load), { wrapper: wrapper('fr') });
    const invalid = await result.current({ email: 'not an address' }, undefined, options);
    expect(invalid.errors.email?.message).toMatch(/adresse/i);
    const valid = await result.current({ email: 'olivia@example.ca' }, undefined, options);
    expect(valid).toEqual({ values: { email: 'olivia@example.ca' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again at the next validation when the download failed (offline for a moment)', async () => {
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('Failed to load chunk')).mockResolvedValue(schema);
    const { result } = renderHook(() => useZodResolver(load), { wrapper: wrapper('en') });
    await expect(result.current({ email: 'olivia@example.ca' }, undefined, options)).rejects.toThrow('Failed to load chunk');
    const valid = await result.current({ email: 'olivia@example.ca' }, undefined, options);
    expect(valid.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
