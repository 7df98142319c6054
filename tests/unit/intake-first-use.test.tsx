// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIntakeSchemas } from '@/components/intake/form/useIntakeSchemas';
import { intakeSteps } from '@/lib/schemas/intake';
import { completeIntakeAnswers } from '@/tests/support/intakeAnswers';
import { validStepCount } from '@/stores/intake';

// Issue #42: the intake form draws its steps from their layout and loads the fifteen step schemas
// (and zod) at the patient's first focus, touch or key on the page, not with it.
describe("the intake form's step schemas", () => {
  it('are not there when the page starts, and arrive after the first touch anywhere', async () => {
    const { result } = renderHook(() => useIntakeSchemas());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(result.current).toBeNull();
    await act(async () => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await waitFor(() => expect(result.current).toBe(intakeSteps));
    // What arrives is what decides how far a draft may go.
    expect(validStepCount(completeIntakeAnswers({ objective: { readiness: '11' } }), result.current!)).toBe(3);
  });
});
