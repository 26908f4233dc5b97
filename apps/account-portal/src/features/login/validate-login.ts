import { formatMessage, passwordRequiredMessage, requiredMessage, type Message } from '@portal/forms';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, Message>>;

// A light check only: the provider decides whether the address exists. Kept free of yup so that the login
// page stays small (page weight budget); the messages are the same descriptors the yup rules use, taken one by
// one so that the login does not load the whole message catalogue.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 000 §5: the e-mail is required by the schema, the password is required. */
export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (email.trim() === '') errors.email = requiredMessage('profile.email');
  else if (!EMAIL.test(email.trim())) errors.email = formatMessage('profile.email');
  if (password === '') errors.password = passwordRequiredMessage();
  return errors;
}
