'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { readApiFailure } from '@/lib/api/auth';

/** Where the view an e-mailed link opens stands; once ready, with the link's token for the page's actions. */
export type LinkLoad<T> =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string | null }
  | { state: 'ready'; view: T; token: string };

/** The page's fragment: the e-mailed link's token (`#<token>`), which never reaches a server log. */
const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

const anyToken = (fragment: string) => fragment !== '';

/**
 * The view an e-mailed link opens (the manage and waitlist pages): loaded from the token in the
 * page's fragment, again on `retry`. A fragment `isToken` refuses is a link cut short ('missing').
 * Pass a `fetchView` that does not change between renders (a module-level function).
 */
export function useLinkView<T>(fetchView: (token: string) => Promise<T>, isToken: (fragment: string) => boolean = anyToken) {
  // null while prerendered: the token is only known in the browser.
  const hash = useSyncExternalStore(subscribeHash, () => window.location.hash, () => null);
  const fragment = hash === null ? null : hash.replace(/^#/, '');
  const token = fragment !== null && isToken(fragment) ? fragment : null;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; load: LinkLoad<T> } | null>(null);
  const key = `${token}:${attempt}`;

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchView(token).then(
      (view) => live && setResult({ key, load: { state: 'ready', view, token } }),
      (failure: unknown) => live && setResult({ key, load: { state: 'failed', message: readApiFailure(failure).message } }),
    );
    return () => {
      live = false;
    };
  }, [fetchView, token, key]);

  const load: LinkLoad<T> = fragment === null ? { state: 'loading' } : !token ? { state: 'missing' } : result?.key === key ? result.load : { state: 'loading' };
  return {
    load,
    retry: () => setAttempt((n) => n + 1),
    /** Shows the view an action answered with in place of the loaded one. */
    show: (view: T) => {
      if (token) setResult({ key, load: { state: 'ready', view, token } });
    },
  };
}
