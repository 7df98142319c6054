'use client';

import dynamic from 'next/dynamic';

/** The toast container, loaded after the page is interactive: no toast exists before then. */
export const Toasts = dynamic(() => import('./ToastHost'), { ssr: false });
