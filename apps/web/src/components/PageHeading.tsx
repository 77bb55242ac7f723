import type { ReactNode } from 'react';

/** The page's single h1 and an optional lead paragraph. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      {children && <p className="lead">{children}</p>}
    </div>
  );
}
