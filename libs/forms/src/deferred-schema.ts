import type { AnySchema, ValidateOptions } from 'yup';
import { requestFailedMessage } from './connection';
import { message } from './message';

/** yup and the schema builders of the forms (schemas.ts), handed to a form's rules when they load. */
export type SchemaKit = typeof import('./schemas');

/**
 * A form's rules as formik's `validationSchema`: formik only ever calls `validate` (and converts the yup
 * `ValidationError` it rejects with into field errors), so the rules can be built when the form is first checked.
 */
export interface DeferredSchema {
  validate(values: unknown, options?: ValidateOptions): Promise<unknown>;
}

/**
 * Where formik's errors hold an error of the form as a whole, which no field shows: FormError shows it. A form's
 * check puts one there when the form's rules did not load.
 */
export const FORM_ERROR = '_form';

/**
 * The rules of a form, built from the schema kit when the form is first checked rather than with the page: yup
 * and the builders stay out of every form page's first load (issue 16). Errors show on touched fields only, so
 * the first check (on the first change or blur) has the kit in time. A kit that failed to load (a dropped
 * connection) stops the submit with the form's error (`FORM_ERROR`: no connection) and is asked for again at the
 * next check. A form's own rules that need more than the kit can load then too: `build` may wait for their code, whose
 * failure to load counts as the kit's (the address form's, AddressForm).
 *
 * @example const schema = useMemo(() => deferredSchema(({ formSchema, passwordSchema }) => formSchema({ password: passwordSchema() })), []);
 */
export function deferredSchema(build: (kit: SchemaKit) => AnySchema | Promise<AnySchema>): DeferredSchema {
  let rules: Promise<AnySchema> | undefined;
  const load = () =>
    (rules ??= import('./schemas').then(build).catch((error: unknown) => {
      rules = undefined;
      throw error;
    }));
  return {
    validate: async (values, options) => {
      let schema: AnySchema;
      try {
        schema = await load();
      } catch (error) {
        throw rulesNotLoaded(error);
      }
      return schema.validate(values, options);
    },
  };
}

/**
 * The rules did not load, as an error formik takes for the form's own: it reads a yup `ValidationError` by its
 * name, so the submit ends with the button usable again and FormError saying why. Any other error formik passes
 * on without ending the submit: offline, "Jetzt registrieren" stayed greyed out and busy for good, also once the
 * connection was back (QA).
 */
function rulesNotLoaded(error: unknown): Error {
  const why = requestFailedMessage(error, message('global.errors.unexpected.headline', 'An unexpected error has occurred.'));
  return Object.assign(new Error('the form rules did not load', { cause: error }), {
    name: 'ValidationError',
    errors: [why],
    inner: [{ path: FORM_ERROR, message: why }],
  });
}
