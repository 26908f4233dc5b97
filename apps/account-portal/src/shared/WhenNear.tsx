import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Loader } from '@portal/ui';

/**
 * Shows children, whose code loads on demand, once their place comes near the screen or the page has had `ms` to
 * settle, whichever is first: a section below the fold of a phone loads as the shopper scrolls towards it, not with
 * the page's first load (issue 16's 150 KB a route), and is there without scrolling soon after. Without
 * IntersectionObserver, at once.
 */
export function WhenNear({ ms, children }: { ms: number; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !place.current) return;
    const timer = window.setTimeout(() => setNear(true), ms);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(place.current);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, [near, ms]);
  return near ? <Suspense fallback={<Loader />}>{children}</Suspense> : <div ref={place} />;
}
