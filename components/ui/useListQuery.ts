'use client';

import { useRef, useState, type FormEvent } from 'react';

/** A searchable, paged list's request: the applied search term and the page (from 1). */
export interface ListQuery {
  search: string;
  page: number;
}

/**
 * The state of a searchable, paged list (the clinic's patients, the intake forms): the applied
 * query, the term being typed, and the list's heading (focus goes there on a page change). The
 * query stays in the page's state, never in its address: a patient's name is not for URLs.
 * `controls` takes the loader's `starting` (shown as loading before the new query is read).
 */
export function useListQuery() {
  const [query, setQuery] = useState<ListQuery>({ search: '', page: 1 });
  const [draft, setDraft] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const controls = (starting: () => void) => {
    const go = (next: ListQuery) => {
      if (next.search === query.search && next.page === query.page) return;
      starting();
      setQuery(next);
    };
    return {
      submit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        go({ search: draft.trim(), page: 1 });
      },
      clear: () => {
        setDraft('');
        go({ search: '', page: 1 });
      },
      toPage: (page: number) => {
        go({ ...query, page });
        // The button pressed may be disabled while the page loads: focus goes back to the list's top.
        headingRef.current?.focus();
      },
    };
  };

  return { query, draft, setDraft, headingRef, controls };
}
