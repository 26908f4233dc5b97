import { render } from '@testing-library/react';
import { Form, Formik, type FormikConfig, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import * as yup from 'yup';
import { createI18n, loadShippedMessages } from '@portal/i18n';
import type { Message } from './messages';

/** The first error a schema finds in a value, as the descriptor the rules produce; undefined when valid. */
export async function firstError(schema: yup.Schema, value: unknown): Promise<Message | undefined> {
  try {
    await schema.validate(value);
    return undefined;
  } catch (error) {
    if (error instanceof yup.ValidationError) return error.errors[0] as unknown as Message;
    throw error;
  }
}

/** The key a descriptor is looked up by first. */
export function firstKey(message: Message | undefined): string | undefined {
  if (!message) return undefined;
  return typeof message.key === 'string' ? message.key : message.key[0];
}

/** Renders a formik form with the shipped messages (German unless told), the way the apps do. */
export async function renderForm<Values extends FormikValues>(
  fields: ReactNode,
  config: Partial<FormikConfig<Values>> & { initialValues: Values },
  language = 'de-DE',
) {
  const i18n = await createI18n(loadShippedMessages, language);
  const onSubmit = config.onSubmit ?? jest.fn();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <Formik {...config} onSubmit={onSubmit}>
        <Form noValidate>{fields}</Form>
      </Formik>
    </I18nextProvider>,
  );
  return { ...result, i18n, onSubmit };
}
