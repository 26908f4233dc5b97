import type { AnySchema, ValidateOptions } from 'yup';

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
 * The rules of a form, built from the schema kit when the form is first checked rather than with the page: yup
 * and the builders stay out of every form page's first load (issue 16). Errors show on touched fields only, so
 * the first check (on the first change or blur) has the kit in time. A kit that failed to load (a dropped
 * connection) is asked for again at the next check.
 *
 * @example const schema = useMemo(() => deferredSchema(({ formSchema, passwordSchema }) => formSchema({ password: passwordSchema() })), []);
 */
export function deferredSchema(build: (kit: SchemaKit) => AnySchema): DeferredSchema {
  let rules: Promise<AnySchema> | undefined;
  const load = () =>
    (rules ??= import('./schemas').then(build).catch((error: unknown) => {
      rules = undefined;
      throw error;
    }));
  return { validate: async (values, options) => (await load()).validate(values, options) };
}
