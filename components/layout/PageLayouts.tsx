import type { ReactNode } from 'react';

/** Default layout: full-width sections that the page arranges itself (home, booking). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return <div className="layout-default">{children}</div>;
}

/** Standard-page layout: a title band with the page's heading and lead, then its body. */
export function StandardPageLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <div className="layout-standard">
      <div className="page-header">
        <div className="container">
          <h1>{title}</h1>
          {intro ? <p className="lead">{intro}</p> : null}
        </div>
      </div>
      {children ? <div className="page-body container">{children}</div> : null}
    </div>
  );
}
