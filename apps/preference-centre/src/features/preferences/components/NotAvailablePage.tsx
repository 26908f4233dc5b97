import { StatusPage } from '@portal/ui';

/**
 * The 'not available' page: single sign-on is not configured for the preference centre, so it cannot open for a
 * logged-in shopper. Its text is hard-coded German, as spec 000 §2 says; `lang` tells screen readers so.
 */
export function NotAvailablePage() {
  return (
    <div lang="de">
      <StatusPage headline="Diese Seite ist bald für Sie verfügbar.">
        <p>Bitte öffnen Sie das Präferenzcenter über den Link in Ihrer letzten Newsletter-E-Mail.</p>
      </StatusPage>
    </div>
  );
}
