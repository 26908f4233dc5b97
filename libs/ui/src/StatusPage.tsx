import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StatusPageProps {
  headline: string;
  children?: ReactNode;
  /** Buttons or links offered below the text. */
  actions?: ReactNode;
  image?: { src: string; alt: string };
}

/** A page that states one thing (an error, a success, a notice) and offers where to go next. */
export function StatusPage({ headline, children, actions, image }: StatusPageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { i18n } = useTranslation();
  const shownIn = useRef(i18n.language);
  // Moving focus to the headline tells screen-reader users that the page changed after a client-side navigation.
  // The same page in another language is no new page: the focus stays on the language switch.
  useEffect(() => {
    const translated = shownIn.current !== i18n.language;
    shownIn.current = i18n.language;
    if (!translated) heading.current?.focus();
  }, [headline, i18n.language]);
  return (
    <section className="status-page">
      {image ? <img className="status-page__image" src={image.src} alt={image.alt} width={320} height={200} /> : null}
      <h1 ref={heading} tabIndex={-1}>
        {headline}
      </h1>
      {children}
      {actions ? <div className="status-page__actions">{actions}</div> : null}
    </section>
  );
}
