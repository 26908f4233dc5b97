import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@portal/i18n';
import { APP_LANGUAGES, loadMessages } from '../../../app/messages';
import { NotAllowedDialog } from './NotAllowedDialog';

async function shown(language: string) {
  const i18n = await createI18n(loadMessages, language);
  const { unmount } = render(
    <I18nextProvider i18n={i18n}>
      <NotAllowedDialog onClose={() => undefined} />
    </I18nextProvider>,
  );
  const dialog = screen.getByRole('dialog');
  const texts = { title: dialog.querySelector('h2')?.textContent ?? '', text: dialog.querySelector('.dialog__text')?.textContent ?? '', button: within(dialog).getByRole('button').textContent ?? '' };
  unmount();
  return texts;
}

describe("the 'Sorry!' dialog (spec 001 §2, screen 6)", () => {
  it("is titled 'Sorry!' in English, as the spec has it, with an OK button", async () => {
    expect(await shown('en')).toEqual({ title: 'Sorry!', text: 'Unfortunately, you are not allowed to subscribe to the newsletter.', button: 'OK' });
  });

  it('has its title and text in every language of the centre, from its bundle', async () => {
    const german = await shown('de');
    expect(german).toEqual({ title: 'Entschuldigung!', text: 'Sie dürfen den Newsletter leider nicht abonnieren.', button: 'OK' });
    const bundles = await Promise.all(APP_LANGUAGES.map(async (language) => [language, await loadMessages(language)] as const));
    for (const [language, messages] of bundles) {
      expect([language, typeof messages['mpp.dialog.notallowed.headline'], typeof messages['mpp.dialog.notallowed.text']]).toEqual([language, 'string', 'string']);
      const texts = await shown(language);
      expect(texts).toEqual({ title: messages['mpp.dialog.notallowed.headline'], text: messages['mpp.dialog.notallowed.text'], button: messages['mpp.button.ok'] });
      if (language !== 'de') expect([language, texts.text]).not.toEqual([language, german.text]);
    }
  });
});
