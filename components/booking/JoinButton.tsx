'use client';

import { useEffect, useState } from 'react';

/** How long before the start the button appears (lib/server/booking/videoRoom.ts JOIN_OPENS_MINUTES). */
const OPENS_BEFORE_MS = 15 * 60_000;

interface Props {
  url: string;
  /** The visit's start and end (ISO instants). */
  start: string;
  end: string;
  label: string;
  /** Said instead of the button until it opens; unset: nothing. */
  notYet?: (opensAt: Date) => string;
}

/**
 * A virtual visit's "Join" button (issue #15 item 3): from 15 minutes before the start until the
 * end; before that, an optional note saying when it appears. It re-checks the clock every 30 s,
 * so a page left open shows the button on time.
 */
export function JoinButton({ url, start, end, label, notYet }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const opensAt = Date.parse(start) - OPENS_BEFORE_MS;
  if (now >= Date.parse(end)) return null;
  if (now < opensAt) return notYet ? <p>{notYet(new Date(opensAt))}</p> : null;
  return (
    // A new tab, with no opener and no referrer: the video service learns nothing of this page.
    <a className="button button--primary" href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}
