import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredSchema, type SchemaKit } from './deferred-schema';
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

  it('keeps yup out of what a page imports: @portal/forms loads without it', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('yup', () => {
        throw new Error('yup was imported with the page');
      });
      await expect(import('./index')).resolves.toHaveProperty('deferredSchema');
    });
  });
});
