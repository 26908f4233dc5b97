import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { scrollBehavior } from '@portal/ui';

/** Spec 000 §9: how long the success banners stay. */
export const ACCOUNT_BANNER_MS = 10_000;
export const FORM_BANNER_MS = 5_000;

/**
 * A success banner that scrolls into view when it appears and hides itself after `durationMs` (spec 000 §2 and
 * §9). The live region stays in the page, so screen readers announce each message.
 */
export function useSuccessBanner(durationMs: number): { show: (text: string) => void; hide: () => void; banner: ReactNode } {
  const [shown, setShown] = useState<{ text: string; id: number }>();
  const region = useRef<HTMLDivElement>(null);
  const show = useCallback((text: string) => setShown((previous) => ({ text, id: (previous?.id ?? 0) + 1 })), []);
  const hide = useCallback(() => setShown(undefined), []);

  useEffect(() => {
    if (!shown) return;
    region.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
    const timer = setTimeout(() => setShown(undefined), durationMs);
    return () => clearTimeout(timer);
  }, [shown, durationMs]);

  const banner = (
    <div ref={region} role="status" className="success-banner">
      {shown ? <p className="notice notice--success">{shown.text}</p> : null}
    </div>
  );
  return { show, hide, banner };
}
