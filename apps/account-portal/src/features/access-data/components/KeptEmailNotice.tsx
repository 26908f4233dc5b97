import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessages } from '@portal/i18n';
import { loadSessionMessages } from '../../../shared/session-texts';

/**
 * The e-mail change's password step when a new address typed as the session ended waits in this tab (KeptDraft): it
 * is back in its field only once the password is confirmed, and the step said nothing of it (QA, 2026-11-30). Its
 * code and text, those of the kept entries (session-texts.ts), load only when such an address waits (page weight).
 * `email` is the address as the section shows it (shownEmail).
 */
export function KeptEmailNotice({ id, email }: { id: string; email: Promise<string> }) {
  const { t, i18n } = useTranslation();
  use(addMessages(i18n, loadSessionMessages));
  return (
    <p id={id} className="notice">
      {t('ap.session.kept.email', { email: use(email) })}
    </p>
  );
}
