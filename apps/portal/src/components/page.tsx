import { useEffect, type ReactNode } from 'react';

interface PageProps {
  title: string;
  /** Shown next to the title (e.g. a button). */
  aside?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
  /** A page of wide tables (the Sync page): the whole window's width, past the usual measure. */
  wide?: boolean;
}

/** A page: its <h1> names it and the document title follows. */
export function Page({ title, aside, children, narrow, wide }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Lottery Results Service`;
  }, [title]);
  return (
    <div className={narrow ? 'narrow' : wide ? 'wide-page' : undefined}>
      <div className="page-head">
        <h1 tabIndex={-1}>{title}</h1>
        {aside}
      </div>
      {children}
    </div>
  );
}
