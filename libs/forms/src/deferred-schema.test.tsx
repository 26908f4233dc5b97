import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredSchema, type SchemaKit } from './deferred-schema';
import { FormError } from './fields/FormError';
import { SubmitButton } from './fields/SubmitButton';
import { TextField } from './fields/TextField';
import { renderForm } from './test-utils';

describe('deferredSchema', () => {
  it('builds the rules once, when the form is first checked, and rejects as yup does', async () => {
    const build = jest.fn(({ formSchema, emailSchema }: SchemaKit) =>
      formSchema({ email: emailSchema({ field: 'profile.email' }) }),
    );
    const schema = deferredSchema(build);
    expect(build).not.toHaveBeenCalled();

    await expect(schema.validate({ email: 'shopper@example.com' }, { abortEarly: false })).resolves.toBeDefined();
    await expect(schema.validate({ email: 'no address' }, { abortEarly: false })).rejects.toMatchObject({
      name: 'ValidationError',
      inner: [expect.objectContaining({ path: 'email' })],
    });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("is formik's validationSchema: a wrong value is named on its field and stops the submit, a right one goes", async () => {
    const { onSubmit } = await renderForm(
      <>
        <TextField name="email" label="E-Mail" />
        <SubmitButton>Senden</SubmitButton>
      </>,
      { initialValues: { email: '' }, validationSchema: deferredSchema(({ formSchema, emailSchema }) => formSchema({ email: emailSchema({ field: 'profile.email' }) })) },
    );
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    await userEvent.type(input, 'no address');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, 'shopper@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'shopper@example.com' }, expect.anything()));
  });

  it('offline, a submit says the connection is missing and leaves the button usable; the next one loads the rules and goes (QA)', async () => {
    await jest.isolateModulesAsync(async () => {
      // The rules' chunk does not load while the connection is down, as the browser's import() fails then.
      let connected = false;
      jest.doMock('./schemas', () => {
        if (!connected) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/schemas-x.js');
        return jest.requireActual('./schemas');
      });
      const { deferredSchema: isolated } = await import('./deferred-schema');
      const { onSubmit } = await renderForm(
        <>
          <TextField name="email" label="E-Mail" />
          <FormError />
          <SubmitButton>Jetzt registrieren</SubmitButton>
        </>,
        { initialValues: { email: 'shopper@example.com' }, validationSchema: isolated(({ formSchema, emailSchema }) => formSchema({ email: emailSchema({ field: 'profile.email' }) })) },
      );
      const button = screen.getByRole('button', { name: 'Jetzt registrieren' });
      const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await userEvent.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent('Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
      offline.mockRestore();
      await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
      expect(button).not.toHaveAttribute('aria-disabled');
      expect(onSubmit).not.toHaveBeenCalled();

      // Back online: the same button loads the rules this time, and the form goes.
      connected = true;
      await userEvent.click(button);
      await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'shopper@example.com' }, expect.anything()));
      expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    });
  });

  it('keeps yup out of what a page imports: @portal/forms loads without it', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('yup', () => {
        throw new Error('yup was imported with the page');
      });
      await expect(import('./index')).resolves.toHaveProperty('deferredSchema');
    });
  });
});
