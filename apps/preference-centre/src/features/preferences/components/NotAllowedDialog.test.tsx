import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@portal/i18n';
import { APP_LANGUAGES, loadMessages } from '../../../app/messages';
import { NotAllowedDialog } from './NotAllowedDialog';

const newsletters = { NLT_RECIPES: { name: 'Rezepte' }, NLT_OFFERS: { name: 'Angebote der Woche' } };

async function shown(language: string, refused = ['NLT_RECIPES']) {
  const i18n = await createI18n(loadMessages, language);
  const { unmount } = render(
    <I18nextProvider i18n={i18n}>
      <NotAllowedDialog refused={refused} newsletters={newsletters} onClose={() => undefined} />
    </I18nextProvider>,
  );
  const dialog = screen.getByRole('dialog');
  const texts = { title: dialog.querySelector('h2')?.textContent ?? '', text: dialog.querySelector('.dialog__text')?.textContent ?? '', button: within(dialog).getByRole('button').textContent ?? '' };
  unmount();
  return texts;
}

describe("the 'Sorry!' dialog (spec 001 §2, screen 6)", () => {
  it("is titled 'Sorry!' in English, as the spec has it, with an OK button", async () => {
    expect(await shown('en')).toEqual({ title: 'Sorry!', text: 'Unfortunately, you are not allowed to subscribe to the newsletter “Rezepte”.', button: 'OK' });
  });

  // The refused switch may be on another tab, or the save goes on to the next tab after OK: the dialog alone says
  // which newsletter went off (review, 2026-11-30). Two refused, two sentences, each in the language's grammar.
  it('names the refused newsletter, each of them, by its name in the content', async () => {
    expect((await shown('de', ['NLT_RECIPES', 'NLT_OFFERS'])).text).toBe(
      'Sie dürfen den Newsletter „Rezepte“ leider nicht abonnieren.Sie dürfen den Newsletter „Angebote der Woche“ leider nicht abonnieren.',
    );
  });

  it('has its title and text in every language of the centre, from its bundle', async () => {
    const german = await shown('de');
    expect(german).toEqual({ title: 'Entschuldigung!', text: 'Sie dürfen den Newsletter „Rezepte“ leider nicht abonnieren.', button: 'OK' });
    const bundles = await Promise.all(APP_LANGUAGES.map(async (language) => [language, await loadMessages(language)] as const));
    for (const [language, messages] of bundles) {
      expect([language, typeof messages['mpp.dialog.notallowed.headline'], typeof messages['mpp.dialog.notallowed.text']]).toEqual([language, 'string', 'string']);
      const texts = await shown(language);
      expect(messages['mpp.dialog.notallowed.text']).toContain('{name}');
      expect(texts).toEqual({ title: messages['mpp.dialog.notallowed.headline'], text: messages['mpp.dialog.notallowed.text']!.replace('{name}', 'Rezepte'), button: messages['mpp.button.ok'] });
      if (language !== 'de') expect([language, texts.text]).not.toEqual([language, german.text]);
    }
  });
});
