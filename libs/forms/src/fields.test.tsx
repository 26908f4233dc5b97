import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { accountFormSchema } from './account-schema';
import { CheckboxField } from './fields/CheckboxField';
import { DateField, joinDate, splitDate } from './fields/DateField';
import { FieldError, useFieldError } from './fields/field-state';
import { FormError } from './fields/FormError';
import { PasswordField } from './fields/PasswordField';
import { SelectField } from './fields/SelectField';
import { SubmitButton } from './fields/SubmitButton';
import { TextField } from './fields/TextField';
import { message, messages } from './messages';
import { phoneExample } from './phone-examples';
import { consentSchema, emailSchema, passwordSchema, postcodeSchema } from './rules';
import { mapValidationErrors } from './server-errors';
import { renderForm } from './test-utils';

const accountSchema = {
  profileSchema: {
    fields: {
      firstName: { type: 'string', required: true },
      birthYear: { type: 'long', format: 'range(1900,2020)' },
      'phones.number': { type: 'string' },
    },
  },
  dataSchema: { fields: { salutation: { type: 'string', required: false } } },
};

const salutations = [
  { value: 'mr', label: 'Herr' },
  { value: 'mrs', label: 'Frau' },
  { value: 'div', label: 'Divers' },
];

/** The element an input's aria-describedby points at. */
function description(input: HTMLElement): HTMLElement | null {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id) : null;
}

describe('TextField', () => {
  const setup = () =>
    renderForm(
      <>
        <TextField name="profile.firstName" label="Vorname" autoComplete="given-name" required />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      { initialValues: { profile: { firstName: '' } }, validationSchema: accountFormSchema(accountSchema, ['profile.firstName']) },
    );

  it('is labelled and tells the browser what it holds', async () => {
    await setup();
    const input = screen.getByRole('textbox', { name: 'Vorname' });
    expect(input).toHaveAttribute('autocomplete', 'given-name');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error of a submitted field and puts the focus on the input it describes, announcing nothing twice', async () => {
    const { onSubmit } = await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const error = await screen.findByText('Bitte geben Sie einen Wert ein.');
    const input = screen.getByRole('textbox', { name: 'Vorname' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(description(input)).toBe(error);
    expect(input).toHaveAccessibleDescription('Bitte geben Sie einen Wert ein.');
    await waitFor(() => expect(input).toHaveFocus());
    // The focused field reads its error; an alert too would say it twice.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("takes the server's error of the last submit down when the next one stops at the form's own check (QA)", async () => {
    await renderForm(
      <>
        <TextField name="profile.firstName" label="Vorname" required />
        <FormError />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      {
        initialValues: { profile: { firstName: 'Eva' } },
        validationSchema: accountFormSchema(accountSchema, ['profile.firstName']),
        onSubmit: async (_values, helpers) => helpers.setStatus({ formError: 'Das Passwort ist falsch.' }),
      },
    );
    const button = screen.getByRole('button', { name: 'Speichern' });
    await userEvent.click(button);
    expect(await screen.findByText('Das Passwort ist falsch.')).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy')); // the save has ended
    await userEvent.clear(screen.getByRole('textbox', { name: 'Vorname' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie einen Wert ein.')).toBeInTheDocument();
    expect(screen.queryByText('Das Passwort ist falsch.')).not.toBeInTheDocument();
    // Pressed Enter in the field: the same.
    await userEvent.type(screen.getByRole('textbox', { name: 'Vorname' }), 'Eva{Enter}');
    expect(await screen.findByText('Das Passwort ist falsch.')).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Vorname' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Vorname' }), '{Enter}');
    await waitFor(() => expect(screen.queryByText('Das Passwort ist falsch.')).not.toBeInTheDocument());
  });

  it('clears the error once the value is fixed, and submits', async () => {
    const { onSubmit } = await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Bitte geben Sie einen Wert ein.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Vorname' }), 'Jürgen');
    await waitFor(() => expect(screen.queryByText('Bitte geben Sie einen Wert ein.')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Vorname' })).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ profile: { firstName: 'Jürgen' } }, expect.anything()));
  });

  it('announces an error once the field is left, before any submit', async () => {
    await renderForm(<TextField name="profile.firstName" label="Vorname" required />, {
      initialValues: { profile: { firstName: 'Eva' } },
      validationSchema: accountFormSchema(accountSchema, ['profile.firstName']),
    });
    await userEvent.clear(screen.getByRole('textbox', { name: 'Vorname' }));
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte geben Sie einen Wert ein.');
  });

  // A press that leaves the field: its error would move what is below before the press ends, losing the click (QA).
  it.each([
    ['a mouse button', 'MouseLeft'],
    // Phones move the focus with the mousedown that follows the finger's pointerup.
    ['a finger', 'TouchA'],
  ])('shows the error of a field left by %s once the press has ended, after the click', async (_, key) => {
    const user = userEvent.setup();
    await renderForm(
      <>
        <TextField name="profile.firstName" label="Vorname" required />
        <CheckboxField name="consent" label="Ich stimme zu" />
      </>,
      { initialValues: { profile: { firstName: 'Eva' }, consent: false }, validationSchema: accountFormSchema(accountSchema, ['profile.firstName']) },
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Ich stimme zu' });
    const seen: (string | null)[] = [];
    checkbox.addEventListener('click', () => seen.push(screen.queryByText('Bitte geben Sie einen Wert ein.')?.textContent ?? null));
    // The stored name emptied: the error is known before the field is left, which then only shows it.
    await user.clear(screen.getByRole('textbox', { name: 'Vorname' }));
    await user.pointer({ keys: `[${key}]`, target: checkbox });
    expect(checkbox).toBeChecked();
    // The click came before the error.
    expect(seen).toEqual([null]);
    expect(await screen.findByText('Bitte geben Sie einen Wert ein.')).toBeInTheDocument();
  });

  it('announces an error that appears after a submit as the field is changed once the field is left, not as it is typed (QA)', async () => {
    await setup();
    const input = screen.getByRole('textbox', { name: 'Vorname' });
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Bitte geben Sie einen Wert ein.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(input, 'J');
    await waitFor(() => expect(screen.queryByText('Bitte geben Sie einen Wert ein.')).not.toBeInTheDocument());
    await userEvent.clear(input);
    expect(await screen.findByText('Bitte geben Sie einen Wert ein.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte geben Sie einen Wert ein.');
  });

  // QA keyboard round: the preference centre shows only its open tab's fields; a tab shown again made its fields
  // anew, and each announced its error, told already by the save that brought it.
  it('says nothing of an error a field has as it appears: the field reads it as its description', async () => {
    function Shown() {
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown ? <TextField name="profile.firstName" label="Vorname" required /> : null}
          <button type="button" onClick={() => setShown(!shown)}>
            Umschalten
          </button>
        </>
      );
    }
    await renderForm(
      <>
        <Shown />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      { initialValues: { profile: { firstName: '' } }, validationSchema: accountFormSchema(accountSchema, ['profile.firstName']) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Taken away and shown again, as the centre's tabs do with their fields.
    await userEvent.click(screen.getByRole('button', { name: 'Umschalten' }));
    await userEvent.click(screen.getByRole('button', { name: 'Umschalten' }));
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveAccessibleDescription('Bitte geben Sie einen Wert ein.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error in the new language after a language switch', async () => {
    const { i18n } = await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie einen Wert ein.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-GB'));
    expect(await screen.findByText('Please enter a value.')).toBeInTheDocument();
    // The same error in other words: not announced anew.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('validating the whole form on submit', () => {
  it('shows every error at once, also of fields missing from the initial values', async () => {
    const { onSubmit } = await renderForm(
      <>
        <TextField name="profile.firstName" label="Vorname" />
        <TextField name="profile.phones.0.number" label="Telefonnummer" type="tel" autoComplete="tel" />
        <PasswordField name="password" label="Passwort" autoComplete="new-password" />
        <SubmitButton>Registrieren</SubmitButton>
      </>,
      {
        initialValues: { profile: { firstName: '' } } as Record<string, unknown>,
        validationSchema: accountFormSchema(accountSchema, ['profile.firstName', 'profile.phones.0.number'], {
          phoneExample: phoneExample('de-DE'),
          rules: { password: passwordSchema({ minLength: 8, minCharGroups: 4 }) },
        }),
      },
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Telefonnummer' }), '0049123');
    // From the keyboard: the button has the focus when it is pressed.
    screen.getByRole('button', { name: 'Registrieren' }).focus();
    await userEvent.keyboard('{Enter}');
    // The phone number's error came as the field was left, and was announced then; the two the submit brought are
    // not announced each: the focus goes to the first, which reads it.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveFocus());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Bitte geben Sie die Telefonnummer mit Pluszeichen, Ländervorwahl und Ziffern ein, z. B. +4912345678.',
    ]);
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveAccessibleDescription('Bitte geben Sie einen Wert ein.');
    expect(screen.getByRole('textbox', { name: 'Telefonnummer' })).toHaveAccessibleDescription(
      'Bitte geben Sie die Telefonnummer mit Pluszeichen, Ländervorwahl und Ziffern ein, z. B. +4912345678.',
    );
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription('Bitte geben Sie Ihr Passwort ein.');
    expect(onSubmit).not.toHaveBeenCalled();
    // The focus goes from the button to the first field in error, not to the page.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveFocus());
  });

  it('keeps the focus in the field while the button is pressed, so no error appears under the pointer before the click', async () => {
    await renderForm(
      <>
        <TextField name="email" label="E-Mail-Adresse" />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      { initialValues: { email: '' } },
    );
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Speichern' }))).toBe(false);
  });

  /** A form whose server refuses the city. */
  const renderRefusedCity = () =>
    renderForm(
      <>
        <TextField name="email" label="E-Mail-Adresse" />
        <TextField name="city" label="Ort" />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      {
        initialValues: { email: 'a@example.com', city: 'Hamburg' },
        onSubmit: async (values, helpers) =>
          helpers.setStatus({ fieldErrors: { errors: mapValidationErrors([{ fieldName: 'city', errorCode: 400009, message: 'Diesen Ort kennen wir nicht.' }]), values } }),
      },
    );

  it("puts the focus on the first field the server's answer names", async () => {
    await renderRefusedCity();
    screen.getByRole('button', { name: 'Speichern' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveAccessibleDescription('Diesen Ort kennen wir nicht.');
  });

  it('moves the focus from the field it is in to the field in error, as the button does (QA: Enter in a field)', async () => {
    await renderRefusedCity();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), '{Enter}');
    expect(await screen.findByText('Diesen Ort kennen wir nicht.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveFocus());
    // The field the focus arrives at reads its error: nothing else says it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('leaves the focus in the field it is in when that is the field in error, and names the error there once', async () => {
    await renderRefusedCity();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ort' }), '{Enter}');
    expect(await screen.findByText('Diesen Ort kennen wir nicht.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveFocus();
    // Its error is not read as the focus stays: the submit names it, once.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Diesen Ort kennen wir nicht\.$/));
  });
});

describe('the button while the form is saved (QA keyboard audit, 2026-11-30)', () => {
  /** A form whose save lasts until the test ends it. */
  const renderSlowSave = async () => {
    let endSave = () => {};
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (endSave = resolve)));
    await renderForm(
      <>
        <TextField name="city" label="Ort" />
        <FormError />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      { initialValues: { city: 'Hamburg' }, onSubmit },
    );
    return { onSubmit, endSave: () => act(() => endSave()) };
  };

  it('keeps the focus on the button, says it is busy, and is not disabled, which dropped the focus to the page', async () => {
    const { endSave } = await renderSlowSave();
    const button = screen.getByRole('button', { name: 'Speichern' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(button).toHaveFocus();
    await endSave();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
  });

  it('ignores a second press, Enter on it or in a field, until the save has ended: nothing is saved twice', async () => {
    const { onSubmit, endSave } = await renderSlowSave();
    const button = screen.getByRole('button', { name: 'Speichern' });
    button.focus();
    await userEvent.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    await userEvent.type(screen.getByRole('textbox', { name: 'Ort' }), '{Enter}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await endSave();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    // Once it has ended, the next press saves again.
    await userEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});

/** E-mail, password and consent, as /registration has them. */
const renderRegistrationLike = () =>
  renderForm(
    <>
      <TextField name="email" type="email" label="E-Mail-Adresse" required />
      <PasswordField name="password" label="Passwort" required autoComplete="new-password" />
      <CheckboxField name="consent" label="Ich stimme zu" required />
      <SubmitButton>Registrieren</SubmitButton>
    </>,
    {
      initialValues: { email: '', password: '', consent: false },
      validationSchema: yup.object({
        email: emailSchema({ required: messages.required('profile.email') }),
        password: passwordSchema({ minLength: 8, minCharGroups: 4 }),
        consent: consentSchema(),
      }),
    },
  );
const FORMAT = 'Der angegebene Wert entspricht nicht dem erwarteten Format.';
const TOO_SHORT = 'Das Passwort muss mindestens 8 Zeichen lang sein.';

describe('keyboard and screen reader (QA round)', () => {
  it('Enter in a field moves the focus to the first field in error, as the button does, and says how many fields need attention', async () => {
    await renderRegistrationLike();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'not-an-email');
    await userEvent.tab();
    await userEvent.type(screen.getByLabelText(/^Passwort/), 'abc{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveAccessibleDescription(FORMAT);
    // The field arrived at reads its own error; the status line adds that two more need attention.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Bitte prüfen Sie 3 Felder\.$/));
  });

  it('Enter in the first field in error keeps the focus there and names its error and the count once', async () => {
    await renderRegistrationLike();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'not-an-email{Enter}');
    expect(await screen.findByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveFocus();
    // The field is not named: the focus is in it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`${FORMAT} Bitte prüfen Sie 3 Felder.`));
    expect(screen.getByRole('status').textContent).toBe(`${FORMAT} Bitte prüfen Sie 3 Felder.`);
  });

  // QA keyboard round, 2026-11-30: the status line kept "… Bitte prüfen Sie 3 Felder." after the shopper had put every
  // field right, until the next submit: read in browse mode, it named errors there no longer were.
  it('takes the status line down once the errors it counts are gone: all put right, or some', async () => {
    await renderRegistrationLike();
    const email = screen.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await userEvent.type(email, 'not-an-email{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`${FORMAT} Bitte prüfen Sie 3 Felder.`));
    // One field put right: the line said three, and two are left. It goes rather than announce a new count as the
    // shopper types (a live region's change is read out); the fields left say their errors.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich stimme zu' }));
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(screen.getAllByRole('textbox', { name: 'E-Mail-Adresse' })[0]).toHaveAttribute('aria-invalid', 'true');

    // Refused again, then every field put right: nothing in error, nothing said.
    await userEvent.type(email, '{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`${FORMAT} Bitte prüfen Sie 2 Felder.`));
    await userEvent.clear(email);
    await userEvent.type(email, 'a@example.com');
    await userEvent.type(screen.getByLabelText(/^Passwort/), 'Geheim12!');
    await userEvent.tab();
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps the status line while what it says holds: typing in a field that stays in error the same way', async () => {
    await renderRegistrationLike();
    const email = screen.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await userEvent.type(email, 'not-an-email{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`${FORMAT} Bitte prüfen Sie 3 Felder.`));
    await userEvent.type(email, 'x');
    await userEvent.type(screen.getByLabelText(/^Passwort/), 'a');
    expect(screen.getByRole('status').textContent).toBe(`${FORMAT} Bitte prüfen Sie 3 Felder.`);
  });

  it('names no count for a single field in error', async () => {
    await renderRegistrationLike();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'a@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich stimme zu' }));
    screen.getByRole('button', { name: 'Registrieren' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/^Passwort/)).toHaveFocus());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('tabbing past empty fields shows and announces nothing; the submit shows every error (QA: three alerts on the way to a button)', async () => {
    await renderRegistrationLike();
    screen.getByRole('textbox', { name: 'E-Mail-Adresse' }).focus();
    await userEvent.tab(); // to the password
    await userEvent.tab(); // to its show button
    await userEvent.tab(); // to the consent
    await userEvent.tab(); // to the submit button
    expect(screen.getByRole('button', { name: 'Registrieren' })).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(screen.queryByText('Bitte geben Sie einen Wert ein.')).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(3));
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveFocus();
  });

  it('a password whose error changes as it is typed says nothing until the field is left, then its error once (QA)', async () => {
    await renderRegistrationLike();
    screen.getByRole('button', { name: 'Registrieren' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveFocus());
    const password = screen.getByLabelText(/^Passwort/);
    await userEvent.type(password, 'a');
    expect(await screen.findByText(TOO_SHORT)).toBeInTheDocument();
    await userEvent.type(password, 'B1!');
    expect(screen.getByText(TOO_SHORT)).toBeInTheDocument();
    await userEvent.type(password, 'cdef');
    await waitFor(() => expect(password).not.toHaveAttribute('aria-invalid'));
    await userEvent.clear(password);
    await userEvent.type(password, 'abcdefgh');
    expect(await screen.findByText('Das Passwort muss Zahlen, Groß- und Kleinbuchstaben sowie Sonderzeichen enthalten.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Its show button is part of the field: still nothing.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Left: the error it was left with, once.
    await userEvent.tab();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Das Passwort muss Zahlen, Groß- und Kleinbuchstaben sowie Sonderzeichen enthalten.']);
    // Visible all along.
    expect(password).toHaveAccessibleDescription('Das Passwort muss Zahlen, Groß- und Kleinbuchstaben sowie Sonderzeichen enthalten.');
  });
});

describe('an error changed as the field is typed in, then submitted from it', () => {
  it('is said once by the status line, not again as the field is left', async () => {
    await renderRegistrationLike();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'a@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich stimme zu' }));
    const password = screen.getByLabelText(/^Passwort/);
    await userEvent.type(password, 'abc');
    await userEvent.tab(); // its show button
    await userEvent.tab(); // left: its error, once
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([TOO_SHORT]);
    await userEvent.type(password, 'defgh{Enter}');
    // Changed while typing (silent), then the submit from the field, which is the first in error.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Das Passwort muss Zahlen, Groß- und Kleinbuchstaben sowie Sonderzeichen enthalten.'));
    expect(password).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('PasswordField', () => {
  const setup = () =>
    renderForm(
      <>
        <PasswordField name="password" label="Passwort" autoComplete="new-password" />
        <SubmitButton>Weiter</SubmitButton>
      </>,
      { initialValues: { password: '' }, validationSchema: yup.object({ password: passwordSchema({ minLength: 8, minCharGroups: 4 }) }) },
    );

  it('shows and hides the password', async () => {
    await setup();
    const input = screen.getByLabelText('Passwort');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(input, 'Geheim1!');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Geheim1!');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort verbergen' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toHaveAttribute('aria-controls', input.id);
  });

  it('the toggle does not submit the form', async () => {
    const { onSubmit } = await setup();
    await userEvent.type(screen.getByLabelText('Passwort'), 'Geheim1!');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says how long the password must be', async () => {
    await setup();
    await userEvent.type(screen.getByLabelText('Passwort'), 'Ab1!');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    // Submitted from the field, the one in error, which keeps the focus: its error, once.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Das Passwort muss mindestens 8 Zeichen lang sein\.$/));
  });

  it('says the error in the page\'s language, and how many fields need attention (French)', async () => {
    await renderForm(
      <>
        <TextField name="email" label="Adresse e-mail" />
        <PasswordField name="password" label="Mot de passe" autoComplete="new-password" />
        <SubmitButton>Continuer</SubmitButton>
      </>,
      {
        initialValues: { email: '', password: '' },
        validationSchema: yup.object({ email: emailSchema({ required: messages.required('profile.email') }), password: passwordSchema({ minLength: 8, minCharGroups: 4 }) }),
      },
      'fr-BE',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'x{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('La valeur indiquée ne correspond pas au format attendu. Veuillez vérifier 2 champs.'));
  }, 20_000);
});

describe('SelectField', () => {
  const options = (select: HTMLElement) => within(select).getAllByRole('option');

  it('offers an empty option when the field is optional', async () => {
    const { onSubmit } = await renderForm(
      <>
        <SelectField name="data.salutation" label="Anrede" options={salutations} autoComplete="honorific-prefix" />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      { initialValues: { data: { salutation: 'mrs' } } },
    );
    const select = screen.getByRole('combobox', { name: 'Anrede' });
    expect(options(select).map((option) => option.textContent)).toEqual(['Keine Angabe', 'Herr', 'Frau', 'Divers']);
    expect(select).toHaveValue('mrs');
    await userEvent.selectOptions(select, 'Keine Angabe');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ data: { salutation: '' } }, expect.anything()));
  });

  it('offers no empty option when the field is required and has a value', async () => {
    await renderForm(<SelectField name="data.salutation" label="Anrede" options={salutations} required />, {
      initialValues: { data: { salutation: 'mr' } },
    });
    expect(options(screen.getByRole('combobox', { name: 'Anrede' })).map((option) => option.getAttribute('value'))).toEqual(['mr', 'mrs', 'div']);
  });

  it('shows a placeholder that cannot be chosen while a required field has no value', async () => {
    await renderForm(
      <>
        <SelectField name="data.salutation" label="Anrede" options={salutations} required />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      {
        initialValues: { data: { salutation: '' } },
        validationSchema: accountFormSchema({ dataSchema: { fields: { salutation: { type: 'string', required: true } } } }, ['data.salutation']),
      },
    );
    const select = screen.getByRole('combobox', { name: 'Anrede' });
    const [placeholder] = options(select);
    expect(placeholder).toHaveTextContent('Bitte auswählen');
    expect(placeholder).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie einen Wert ein.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select, 'Frau');
    await waitFor(() => expect(options(select)).toHaveLength(3));
    expect(screen.queryByText('Bitte geben Sie einen Wert ein.')).not.toBeInTheDocument();
  });
});

describe('a select that another field is checked against (recheck)', () => {
  const rules = { DE: { regex: '^\\d{5}$', errorMessage: 'Fünf Ziffern.' }, BE: { regex: '^\\d{4}$', errorMessage: 'Vier Ziffern.' } };
  const countries = [
    { value: 'BE', label: 'Belgien' },
    { value: 'DE', label: 'Deutschland' },
    { value: 'FR', label: 'Frankreich' },
  ];
  const open = (zip: string) =>
    renderForm(
      <>
        <SelectField name="country" label="Land" options={countries} required recheck="zip" />
        <TextField name="zip" label="Postleitzahl" required />
      </>,
      {
        initialValues: { country: 'BE', zip },
        validationSchema: yup.object({ country: yup.string(), zip: postcodeSchema(rules, { field: 'zip' }).required(messages.required('zip')) }),
      },
    );

  it("shows the other field's check as the value changes, announced, with the focus still on the select", async () => {
    await open('1000');
    const country = screen.getByRole('combobox', { name: 'Land' });
    const zip = screen.getByRole('textbox', { name: 'Postleitzahl' });
    await userEvent.selectOptions(country, 'DE');
    expect(country).toHaveFocus();
    expect(await screen.findByText('Fünf Ziffern.')).toHaveAttribute('role', 'alert');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription('Fünf Ziffern.');
    await userEvent.selectOptions(country, 'FR');
    await waitFor(() => expect(zip).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Fünf Ziffern.')).not.toBeInTheDocument();
  });

  it('leaves the other field quiet while it is empty', async () => {
    await open('');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Land' }), 'DE');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('textbox', { name: 'Postleitzahl' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Bitte geben Sie einen Wert ein.')).not.toBeInTheDocument();
  });
});

describe('CheckboxField', () => {
  const setup = () =>
    renderForm(
      <>
        <CheckboxField
          name="consent"
          required
          label={
            <>
              Ich stimme den <a href="https://example.org/agb.pdf">Nutzungsbedingungen</a> zu.
            </>
          }
        />
        <SubmitButton>Registrieren</SubmitButton>
      </>,
      { initialValues: { consent: false }, validationSchema: yup.object({ consent: consentSchema() }) },
    );

  it('has the link in its label', async () => {
    await setup();
    expect(screen.getByRole('checkbox', { name: 'Ich stimme den Nutzungsbedingungen zu.' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute('href', 'https://example.org/agb.pdf');
  });

  it('asks for consent, then submits a boolean', async () => {
    const { onSubmit } = await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('Bitte stimmen Sie den Nutzungsbedingungen zu.')).toBeInTheDocument();
    const checkbox = screen.getByRole('checkbox');
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Bitte stimmen Sie den Nutzungsbedingungen zu.');
    await userEvent.click(checkbox);
    expect(checkbox).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ consent: true }, expect.anything()));
  });

  it('keeps an unset value boolean', async () => {
    const { onSubmit } = await renderForm(
      <>
        <CheckboxField name="data.sfmc.dataProcessingConsented" label="Personalisierte Newsletter" />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      { initialValues: {} as Record<string, unknown> },
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Personalisierte Newsletter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ data: { sfmc: { dataProcessingConsented: true } } }, expect.anything()));
  });
});

describe('DateField', () => {
  it.each([
    ['1980-05-17', { birthDay: 17, birthMonth: 5, birthYear: 1980 }],
    ['2001-12-01', { birthDay: 1, birthMonth: 12, birthYear: 2001 }],
    ['', {}],
    ['17.05.1980', {}],
  ])('splits %j', (value, parts) => {
    expect(splitDate(value)).toEqual(parts);
  });

  it.each([
    [{ birthDay: 17, birthMonth: 5, birthYear: 1980 }, '1980-05-17'],
    [{ birthDay: 1, birthMonth: 2, birthYear: 1955 }, '1955-02-01'],
    [{ birthYear: 1980 }, ''],
    [{}, ''],
  ])('joins %j', (parts, value) => {
    expect(joinDate(parts)).toBe(value);
  });

  const setup = (profile: Record<string, unknown>) =>
    renderForm(
      <>
        <DateField label="Geburtsdatum" />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      {
        initialValues: { profile },
        validationSchema: accountFormSchema(accountSchema, ['profile.birthYear']),
      },
    );

  it('shows the stored date and saves a new one split into day, month and year', async () => {
    const { onSubmit } = await setup({ birthDay: 17, birthMonth: 5, birthYear: 1980, firstName: 'Anna' });
    const input = screen.getByLabelText('Geburtsdatum');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('autocomplete', 'bday');
    expect(input).toHaveValue('1980-05-17');
    await userEvent.clear(input);
    await userEvent.type(input, '1975-11-03');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ profile: { birthDay: 3, birthMonth: 11, birthYear: 1975, firstName: 'Anna' } }, expect.anything()),
    );
  });

  it('announces a birth year outside 1900 to 2020', async () => {
    const { onSubmit } = await setup({});
    const input = screen.getByLabelText('Geburtsdatum');
    await userEvent.type(input, '2021-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Das Geburtsjahr muss zwischen 1900 und 2020 liegen.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Das Geburtsjahr muss zwischen 1900 und 2020 liegen.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says nothing of a birth year as it is typed (0001, 0019, 0198), and the error of the year the field is left with once (QA)', async () => {
    await setup({ birthDay: 17, birthMonth: 5, birthYear: 1980 });
    const input = screen.getByLabelText('Geburtsdatum');
    const RANGE = 'Das Geburtsjahr muss zwischen 1900 und 2020 liegen.';
    // A year out of range left once: its error shows, and is said as the field is left.
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '2021-05-17' } });
    act(() => input.blur());
    expect(await screen.findByRole('alert')).toHaveTextContent(RANGE);
    // Typed anew, digit by digit, as a browser's date input reports it.
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '1980-05-17' } });
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    for (const year of ['0001', '0019', '0198']) {
      fireEvent.change(input, { target: { value: `${year}-05-17` } });
      await waitFor(() => expect(input).toHaveAccessibleDescription(RANGE));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    }
    act(() => input.blur());
    expect(await screen.findByRole('alert')).toHaveTextContent(RANGE);
  });

  // A date input left in part (a segment emptied or not yet typed) has no value, as an empty one has; only the browser's
  // validity tells them apart (Chromium's badInput), which jsdom does not keep: stubbed here, as Chromium reports it.
  const holdInPart = (input: HTMLElement, inPart = true) =>
    inPart
      ? Object.defineProperty(input, 'validity', { configurable: true, get: () => ({ badInput: true, valid: false }) })
      : delete (input as { validity?: unknown }).validity;
  const INVALID_DATE = 'Please enter a valid date of birth.';

  it('refuses a date the browser holds in part, and saves nothing of it: the stored date stays (QA)', async () => {
    const { onSubmit } = await setup({ birthDay: 15, birthMonth: 6, birthYear: 1985 });
    const input = screen.getByLabelText('Geburtsdatum');
    // Backspace in the month: Chromium reports the value "" and badInput.
    act(() => input.focus());
    holdInPart(input);
    fireEvent.change(input, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(INVALID_DATE), { timeout: 2000 });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    // The month typed again: a whole date, which saves.
    holdInPart(input, false);
    fireEvent.change(input, { target: { value: '1985-07-15' } });
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ profile: { birthDay: 15, birthMonth: 7, birthYear: 1985 } }, expect.anything()));
  });

  it('says so of a date typed in part into the empty field as the field is left (the browser reports no change)', async () => {
    const { onSubmit } = await setup({});
    const input = screen.getByLabelText('Geburtsdatum');
    act(() => input.focus());
    holdInPart(input);
    act(() => input.blur());
    expect(await screen.findByRole('alert', {}, { timeout: 2000 })).toHaveTextContent(INVALID_DATE);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(input).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    // Emptied again, still without a change: the error goes as the field is left.
    holdInPart(input, false);
    act(() => input.blur());
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText(INVALID_DATE)).not.toBeInTheDocument();
  });

  it('says a required date held in part is invalid, not missing', async () => {
    const part = { type: 'long', required: true };
    const required = { profileSchema: { fields: { birthYear: part, birthMonth: part, birthDay: part } } };
    const { onSubmit } = await renderForm(
      <>
        <DateField label="Geburtsdatum" required />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      { initialValues: { profile: {} }, validationSchema: accountFormSchema(required, ['profile.birthDay', 'profile.birthMonth', 'profile.birthYear']) },
    );
    const input = screen.getByLabelText(/Geburtsdatum/);
    holdInPart(input);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(INVALID_DATE), { timeout: 2000 });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('empties all three parts when the date is cleared', async () => {
    const { onSubmit } = await setup({ birthDay: 17, birthMonth: 5, birthYear: 1980 });
    await userEvent.clear(screen.getByLabelText('Geburtsdatum'));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ profile: { birthDay: undefined, birthMonth: undefined, birthYear: undefined } }, expect.anything()),
    );
  });
});

/** Stands in for a page that sends the form and gets the server's validation errors back. */
function ServerAnswer() {
  const { setStatus, values } = useFormikContext();
  return (
    <button
      type="button"
      onClick={() => {
        setStatus({
          formError: message('global.errors.form.check', 'Please check your entries in the form.'),
          fieldErrors: {
            errors: mapValidationErrors([{ fieldName: 'profile.phones.number', errorCode: 400026, message: 'Invalid phone number' }], {
              keyPattern: 'ap.errors.{fieldName}.{errorCode}',
            }),
            values,
          },
        });
      }}
    >
      Antwort
    </button>
  );
}

describe('server errors and FormError', () => {
  it('shows the server error at the first phone entry and the general error above the button', async () => {
    await renderForm(
      <>
        <TextField name="profile.phones.0.number" label="Telefonnummer" type="tel" />
        <FormError />
        <SubmitButton>Speichern</SubmitButton>
        <ServerAnswer />
      </>,
      { initialValues: { profile: { phones: [{ number: '+4912345678' }] } } },
    );
    const general = screen.getByRole('alert');
    expect(general).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await userEvent.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(screen.getByRole('textbox', { name: 'Telefonnummer' })).toHaveAccessibleDescription('Invalid phone number');
    expect(general).toHaveTextContent('Please check your entries in the form.');
  });

  /** A form whose server refuses the new password as too common, the way the account portal's forms show it. */
  const renderRefusedPassword = () =>
    renderForm(
      <>
        <TextField name="email" label="E-Mail-Adresse" />
        <PasswordField name="password" label="Passwort" autoComplete="new-password" />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      {
        initialValues: { email: 'a@example.com', password: '' },
        validationSchema: yup.object({ email: yup.string().required(message('global.email.required', 'Please enter your e-mail address.')), password: passwordSchema() }),
        onSubmit: async (values, helpers) => {
          // The answer takes a moment, as over the network.
          await new Promise((resolve) => setTimeout(resolve, 20));
          helpers.setStatus({ fieldErrors: { errors: { password: message('global.password.error.common', 'This password is too common.') }, values } });
        },
      },
    );
  const TOO_COMMON = 'Dieses Passwort ist zu verbreitet: Es steht in Listen gestohlener Passwörter. Bitte wählen Sie ein anderes.';

  it("keeps the server's error through the form's own checks and a language switch, until its field changes (QA)", async () => {
    const { i18n } = await renderRefusedPassword();
    const password = screen.getByLabelText('Passwort');
    await userEvent.type(password, 'Sommer2024!');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(TOO_COMMON));
    // The focus stayed in the password field: the status line names the error once, in the page's language.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(TOO_COMMON));
    // Another field changed and left: formik checks the whole form, and the server's answer about the password stands.
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'x');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue('a@example.comx'));
    expect(password).toHaveAccessibleDescription(TOO_COMMON);
    await act(() => i18n.changeLanguage('en-GB'));
    expect(password).toHaveAccessibleDescription('This password is too common: it appears in lists of stolen passwords. Please choose another one.');
    // The status line's German words go rather than stand on an English page.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    // Another password is no longer the one the server judged.
    await userEvent.type(password, '?');
    await waitFor(() => expect(password).not.toHaveAttribute('aria-invalid'));
  });

  /** Options that are one field, as the preference centre's radio tiles: the error belongs to the group. */
  function Frequency() {
    const { values, setFieldValue } = useFormikContext<{ frequency: string }>();
    const error = useFieldError('frequency');
    return (
      <fieldset role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={error ? 'frequency-error' : undefined}>
        <legend>Wie oft?</legend>
        {['Wöchentlich', 'Monatlich'].map((option) => (
          <label key={option}>
            <input type="radio" name="frequency" checked={values.frequency === option} onChange={() => void setFieldValue('frequency', option)} />
            {option}
          </label>
        ))}
        <FieldError id="frequency-error" message={error} />
      </fieldset>
    );
  }

  it('a radio group the server refuses: the focus goes to its chosen option, which the group describes', async () => {
    await renderForm(
      <>
        <TextField name="email" label="E-Mail-Adresse" />
        <Frequency />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      {
        initialValues: { email: 'a@example.com', frequency: 'Monatlich' },
        onSubmit: async (values, helpers) => helpers.setStatus({ fieldErrors: { errors: { frequency: message('x', 'Unknown answer') }, values } }),
      },
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }));
    await userEvent.keyboard('{Enter}');
    const group = screen.getByRole('radiogroup', { name: 'Wie oft?' });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription('Unknown answer');
    // Not the group itself, which takes no focus: the option the Tab key would enter the group at.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Monatlich' })).toHaveFocus());
  });

  it('shows a message passed to it', async () => {
    await renderForm(<FormError message={message('mpp.errors.400006.general', 'Validation failed')} />, { initialValues: {} });
    expect(screen.getByRole('alert')).toHaveTextContent('Validation failed');
  });
});

describe('accessibility', () => {
  it('has no axe violations, with errors shown', async () => {
    const { container } = await renderForm(
      <>
        <TextField name="profile.firstName" label="Vorname" autoComplete="given-name" required hint="Wie auf Ihrem Ausweis" />
        <PasswordField name="password" label="Passwort" required />
        <SelectField name="data.salutation" label="Anrede" options={salutations} />
        <SelectField name="country" label="Land" options={[{ value: 'DE', label: 'Deutschland' }]} required />
        <CheckboxField name="consent" label={<a href="https://example.org/agb.pdf">Nutzungsbedingungen</a>} required />
        <DateField label="Geburtsdatum" />
        <FormError />
        <SubmitButton>Speichern</SubmitButton>
      </>,
      {
        initialValues: { profile: { firstName: '' }, password: '', data: { salutation: '' }, country: '', consent: false },
        validationSchema: accountFormSchema(accountSchema, ['profile.firstName', 'profile.birthYear'], {
          rules: { password: passwordSchema(), consent: consentSchema(), country: yup.string().required(message('x', 'Bitte wählen')) },
        }),
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(container.querySelectorAll('.form-field__error').length).toBeGreaterThan(3));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
  });
});
