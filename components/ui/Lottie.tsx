'use client';

import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useInBrowser } from './useInBrowser';

/**
 * The renderer (lottie-react + lottie-web) is loaded on demand, once this component has mounted in
 * the browser: it is never part of the server-rendered HTML nor of the largest-contentful-paint path.
 */
const Player = lazy(() => import('lottie-react').then((module) => ({ default: module.Lottie })));

export interface LottieProps {
  /** Path or URL of a Lottie JSON file, fetched once mounted. */
  animationLink?: string;
  /** An already parsed Lottie animation. Takes precedence over `animationLink`. */
  animationData?: object;
  /** Playback rate; must be greater than 0. */
  speed?: number;
  loop?: boolean;
  autoplay?: boolean;
  /** Sizes the box the animation fills. */
  className?: string;
  /** Accessible name. Without one the animation is treated as decorative and hidden from assistive tech. */
  label?: string;
}

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(REDUCED_MOTION_QUERY);
}

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const prefersReducedMotion = (): boolean => reducedMotionQuery()?.matches ?? false;

function isAnimationObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What was fetched for a link: the animation, or `null` when the fetch failed. */
interface Fetched {
  link: string;
  data: object | null;
}

export function Lottie({
  animationLink,
  animationData,
  speed = 1,
  loop = true,
  autoplay = true,
  className,
  label,
}: LottieProps) {
  const mounted = useInBrowser();
  const reducedMotion = useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, () => false);
  const [fetched, setFetched] = useState<Fetched | null>(null);

  const link = animationData ? undefined : animationLink;

  useEffect(() => {
    if (!link) return;
    const controller = new AbortController();
    fetch(link, { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
        return response.json() as Promise<unknown>;
      })
      .then((json) => {
        if (!isAnimationObject(json)) throw new Error('the response is not a Lottie animation object');
        setFetched({ link, data: json });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Could not load the Lottie animation from ${link}:`, error);
        setFetched({ link, data: null });
      });
    return () => controller.abort();
  }, [link]);

  if (!animationData && !animationLink) {
    throw new Error('You must provide either animationLink or animationData');
  }
  if (!(speed > 0)) throw new Error('Speed must be greater than 0');

  const source = animationData ?? (fetched && fetched.link === link ? fetched.data : undefined);
  if (source === null) return null; // the fetch failed and was logged

  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  const moving = !reducedMotion;

  return (
    <div className={className} {...a11y}>
      {mounted && source ? (
        <Suspense fallback={null}>
          <Player
            // Reduced motion shows the first frame; the key reloads the animation if that preference changes.
            key={moving ? 'moving' : 'still'}
            src={source}
            speed={speed}
            loop={moving && loop}
            autoplay={moving && autoplay}
            style={{ width: '100%', height: '100%' }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
