import { getIn, setIn, useFormikContext } from 'formik';
import { ErrorCode } from '@portal/identity-contract';
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import { message, type Message } from '../message';
import { FieldFrame, useFieldFrame } from './field-state';

/** A date split the way the account stores the date of birth. */
export interface DateParts {
  birthDay?: number;
  birthMonth?: number;
  birthYear?: number;
}

/** Where the three parts live in the form values. */
export interface DateFieldNames {
  day: string;
  month: string;
  year: string;
  /**
   * Where the error of the input itself goes (a date it holds in part): a path of its own, which no rule of the form's
   * judges, so that the rules' errors of the parts, a required year's "Please enter a value." among them, do not take
   * its place (formik merges the two, the rules' winning).
   */
  date: string;
}

/** The account's date of birth (spec 000 §3, spec 001 §3). */
export const BIRTH_DATE_FIELDS: DateFieldNames = { day: 'profile.birthDay', month: 'profile.birthMonth', year: 'profile.birthYear', date: 'profile.birthDate' };

const ISO_DATE = /^(\d{4,})-(\d{2})-(\d{2})$/;

/** Splits the value of a date input (`1980-05-17`) into day, month and year; an empty or partial value into nothing. */
export function splitDate(value: string): DateParts {
  const match = ISO_DATE.exec(value);
  if (!match) return {};
  return { birthDay: Number(match[3]), birthMonth: Number(match[2]), birthYear: Number(match[1]) };
}

/** The value of a date input for the parts; empty unless all three are whole numbers (a year alone shows no date). */
export function joinDate({ birthDay, birthMonth, birthYear }: DateParts): string {
  const parts = [birthYear, birthMonth, birthDay].map((part) => (typeof part === 'string' && part !== '' ? Number(part) : part));
  if (!parts.every((part): part is number => typeof part === 'number' && Number.isInteger(part) && part > 0)) return '';
  const [year, month, day] = parts as [number, number, number];
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What the service says of a day or a month it refuses (400006), in the keys of either app (ap.errors.{field}.{code},
 * mpp.errors.{code}.{field}): said of a date the input holds in part or that does not exist, which the shopper can put
 * right in the same field.
 */
function invalidDateMessage(day: string): Message {
  const code = ErrorCode.INVALID_PARAMETER;
  return message([`ap.errors.${day}.${code}`, `mpp.errors.${code}.${day}`], 'Please enter a valid date of birth.');
}

export interface DateFieldProps {
  label: ReactNode;
  names?: DateFieldNames;
  required?: boolean;
  hint?: ReactNode;
  id?: string;
  /** Earliest and latest selectable dates (default: the birth years 1900 to 2020). */
  min?: string;
  max?: string;
  autoComplete?: string;
  className?: string;
}

/**
 * One date input whose value is split into day, month and year (spec 000 §3: "Date of birth is entered as one
 * date and split into day, month, year"). Errors of any of the three parts show at the input.
 */
export function DateField({
  label,
  names = BIRTH_DATE_FIELDS,
  required,
  hint,
  id,
  min = '1900-01-01',
  max = '2020-12-31',
  autoComplete = 'bday',
  className,
}: DateFieldProps) {
  const { values, initialValues, touched, setValues, setTouched, validateForm, registerField, unregisterField } = useFormikContext<Record<string, unknown>>();
  const frame = useFieldFrame([names.date, names.year, names.month, names.day], { id, required, hint });
  const input = useRef<HTMLInputElement>(null);
  // A date left in part (a segment emptied or not yet typed) or that does not exist (31 February) has the value "" of
  // an empty input; only the browser's validity tells them apart. Taken for empty, Backspace in the month of a saved
  // date and a save removed the date and said it was saved (QA). So the input itself is asked at every check of the
  // form, the save's too: typed into an empty input, a date in part changes no value, and no change checks it.
  const { date, day } = names;
  useEffect(() => {
    // formik types a field's own error as a string; the forms' errors are message descriptors (toMessage).
    registerField(date, { validate: () => (input.current?.validity.badInput ? (invalidDateMessage(day) as unknown as string) : undefined) });
    return () => unregisterField(date);
  }, [registerField, unregisterField, date, day]);
  const dateOf = (from: object) =>
    joinDate({
      birthDay: getIn(from, names.day) as number | undefined,
      birthMonth: getIn(from, names.month) as number | undefined,
      birthYear: getIn(from, names.year) as number | undefined,
    });
  const value = dateOf(values);

  function change(event: ChangeEvent<HTMLInputElement>) {
    const parts = splitDate(event.target.value);
    void setValues((previous) => {
      let next = setIn(previous, names.day, parts.birthDay);
      next = setIn(next, names.month, parts.birthMonth);
      return setIn(next, names.year, parts.birthYear) as Record<string, unknown>;
    });
  }

  function blur() {
    // Left empty, and empty from the start: untouched, as leaveField leaves the other fields (a date in part is not
    // empty). Checked all the same: a date in part emptied changes no value, and its error would stay.
    if (!value && !dateOf(initialValues) && !input.current?.validity.badInput) {
      void validateForm();
      return;
    }
    let next = setIn(touched, names.day, true);
    next = setIn(next, names.month, true);
    void setTouched(setIn(next, names.year, true) as typeof touched);
  }

  return (
    <FieldFrame frame={frame} label={label} required={required} hint={hint} className={className}>
      <input
        ref={input}
        id={frame.inputId}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={change}
        onBlur={blur}
        autoComplete={autoComplete}
        className="form-field__input"
        {...frame.aria}
      />
    </FieldFrame>
  );
}
