import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@portal/i18n';
import { APP_LANGUAGES, loadMessages } from '../../../app/messages';
import type { UnsubscribeVariant } from '../lib/rules';
import { UnsubscribeDialog } from './dialogs';

const variants: UnsubscribeVariant[] = ['Newsletters', 'ProductReminders', 'All'];

async function dialogText(language: string, variant: UnsubscribeVariant, hasLogin: boolean) {
  const i18n = await createI18n(loadMessages, language);
  const { unmount } = render(
    <I18nextProvider i18n={i18n}>
      <UnsubscribeDialog variant={variant} hasLogin={hasLogin} onYes={() => undefined} onNo={() => undefined} />
    </I18nextProvider>,
  );
  const text = screen.getByRole('dialog').querySelector('.dialog__text')?.textContent ?? '';
  unmount();
  return text;
}

describe('the unsubscribe-all dialog', () => {
  // A full unsubscribe keeps an account the shopper logs in with (services/api EraseSubscriber): the spec's "you lose
  // access to your profile and your personal data is deleted" is said of a newsletter-only profile alone (QA, 2026-11-30).
  it.each(variants)('%s: an account with a login hears that the customer account stays', async (variant) => {
    expect(await dialogText('de', variant, true)).toMatch(/Ihr Kundenkonto bleibt bestehen\.$/);
    expect(await dialogText('de', variant, true)).not.toMatch(/verlieren Sie|persönlichen Daten/);
    expect(await dialogText('en', variant, true)).toMatch(/Your customer account stays\.$/);
  });

  it.each(variants)('%s: a newsletter-only profile keeps the spec text', async (variant) => {
    expect(await dialogText('de', variant, false)).toMatch(/verlieren Sie (ebenfalls )?den Zugang zu Ihrem Profil/);
  });

  it('has a text of its own for an account with a login in every language', async () => {
    for (const language of APP_LANGUAGES) {
      const plain = await dialogText(language, 'All', false);
      const account = await dialogText(language, 'All', true);
      expect(account).not.toBe(plain);
      if (language !== 'de') expect(account).not.toBe(await dialogText('de', 'All', true));
    }
  });
});
