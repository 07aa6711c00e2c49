import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The page's h1. It takes the focus when the page opens, so keyboard and screen reader users
 * land on the new page after following a link, and the document title follows it.
 */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Kindling`;
    ref.current?.focus();
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
