import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { scrollBehavior } from '@portal/ui';

/** Spec 000 §9: how long the success banners stay. */
export const ACCOUNT_BANNER_MS = 10_000;
export const FORM_BANNER_MS = 5_000;

/**
 * A success banner that scrolls into view when it appears and hides itself after `durationMs` (spec 000 §2 and
 * §9). The live region stays in the page, so screen readers announce each message `show` puts there. A success the
 * page arrives with (`arrived`, useFlash) shows from its first render, and the page's heading, which the focus moves
 * to after a navigation (usePageAnnouncement), names it (`describedBy`, its aria-describedby): a live region that
 * comes with the page, filled already, is often not announced (QA). It is no live region meanwhile, which a screen
 * reader that does announce it would read twice.
 *
 * The banner says what the latest save came to: any submit of a form beside it (in its parent, the page's or the
 * section's) takes it down as it starts, before the form's own check, so that a submit the check refuses, which never
 * reaches a save, does not leave "saved" standing beside its field errors (QA, 2026-11-30). Here rather than in each
 * form: every form of the account pages behaves the same, whatever its submit does.
 */
export function useSuccessBanner(
  durationMs: number,
  arrived?: string,
): { show: (text: string) => void; hide: () => void; banner: ReactNode; describedBy: string | undefined } {
  const [shown, setShown] = useState(arrived ? { text: arrived, id: 0 } : undefined);
  const region = useRef<HTMLDivElement>(null);
  const textId = useId();
  const show = useCallback((text: string) => setShown((previous) => ({ text, id: (previous?.id ?? 0) + 1 })), []);
  const hide = useCallback(() => setShown(undefined), []);

  useEffect(() => {
    const around = region.current?.parentElement;
    around?.addEventListener('submit', hide);
    return () => around?.removeEventListener('submit', hide);
  }, [hide]);

  useEffect(() => {
    if (!shown) return;
    region.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
    const timer = setTimeout(() => setShown(undefined), durationMs);
    return () => clearTimeout(timer);
  }, [shown, durationMs]);

  const withPage = shown?.id === 0;
  const banner = (
    <div ref={region} role={withPage ? undefined : 'status'} className="success-banner">
      {shown ? (
        <p id={textId} className="notice notice--success">
          {shown.text}
        </p>
      ) : null}
    </div>
  );
  return { show, hide, banner, describedBy: withPage ? textId : undefined };
}
