'use client';

import { usePathname } from 'next/navigation';
import { useState, type ReactNode } from 'react';

interface Props {
  label: string;
  buttonClassName?: string;
  panelClassName?: string;
  children: ReactNode;
}

/** Below the desktop breakpoint the navigation folds behind a Menu button (CSS decides when). */
export function MobileNav({ label, buttonClassName, panelClassName, children }: Props) {
  const pathname = usePathname();
  // Open only on the page where it was opened: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls="site-navigation"
        onClick={() => setOpenOn(open ? null : pathname)}
        onKeyDown={(event) => event.key === 'Escape' && setOpenOn(null)}
      >
        <span aria-hidden="true" className="burger" />
        {label}
      </button>
      <div id="site-navigation" className={panelClassName} data-open={open}>
        {children}
      </div>
    </>
  );
}
