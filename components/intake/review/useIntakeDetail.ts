'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { getIntake, type IntakeDetail } from '@/lib/api/intakeReview';

export type IntakeDetailState =
  | { status: 'loading' }
  | { status: 'ready'; intake: IntakeDetail }
  /** No such submission, or not the reader's (the API does not say which). */
  | { status: 'notFound' }
  | { status: 'failed' };

/**
 * One submission, read once per view: the server writes an audit entry for every read, so the
 * request is never repeated on its own (not by React's development double run of effects, not
 * on re-render); only the reader's "Try again" after a failure asks again. Give the component
 * using it `key={id}` so another submission starts a new view.
 */
export function useIntakeDetail(id: string) {
  const [state, setState] = useState<IntakeDetailState>({ status: 'loading' });
  const requested = useRef(false);
  const mounted = useRef(false);

  const load = useCallback(() => {
    requested.current = true;
    getIntake(id).then(
      (intake) => {
        if (mounted.current) setState({ status: 'ready', intake });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        const { status } = readApiFailure(error);
        setState({ status: status === 400 || status === 403 || status === 404 ? 'notFound' : 'failed' });
      },
    );
  }, [id]);

  useEffect(() => {
    mounted.current = true;
    if (!requested.current) load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    load();
  }, [load]);

  return { state, retry };
}
