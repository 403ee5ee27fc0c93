import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from './form.tsx';
import { auth } from '../../locales/en/auth.ts';

type CountryCode = keyof typeof auth.countries;
const countryCodes = Object.keys(auth.countries) as CountryCode[];
const isListed = (code: string): code is CountryCode => code in auth.countries;

/** The countries of the sign-up form; a code stored earlier that is not in the list stays selectable. */
export function CountrySelect({
  label,
  value,
  error,
  optional = false,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  optional?: boolean;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation('auth');
  const { t: tApp } = useTranslation('app');
  return (
    <SelectInput label={label} value={value} error={error} onChange={onChange}>
      {optional && <option value="">{tApp('farm.countryNone')}</option>}
      {value && !isListed(value) && <option value={value}>{value}</option>}
      {countryCodes.map((code) => (
        <option key={code} value={code}>
          {t(`countries.${code}`)}
        </option>
      ))}
    </SelectInput>
  );
}

export function countryName(code: string | null, translate: (code: CountryCode) => string): string | null {
  if (!code) return null;
  return isListed(code) ? translate(code) : code;
}
