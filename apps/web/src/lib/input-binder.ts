import type { FieldErrors } from './form-errors.ts';

/** The keys of a form's values that hold text (what a text input, select or textarea edits). */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * Binds form controls to a form's text values: `input('name')` gives the value, the error and the change
 * handler to spread onto TextInput, SelectInput or TextArea: `<TextInput label="Name" {...input('name')} />`.
 */
export function inputBinder<V extends object>(
  values: V,
  errors: FieldErrors | Partial<Record<string, string>>,
  onChange: (next: V) => void,
) {
  return (key: TextKeys<V>) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value }),
  });
}
