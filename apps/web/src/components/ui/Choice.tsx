import { useId, type ReactNode } from 'react';

/** A checkbox with its label as one 44 px touch target. */
export function Checkbox({
  label,
  hint,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shown but not changeable (the person may not change it). */
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-stone-800">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          className="size-5 accent-leaf-700"
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Radio buttons in a fieldset with a legend; each option is a 44 px touch target. */
export function RadioGroup<V extends string>({
  legend,
  value,
  options,
  onChange,
  inline = false,
}: {
  legend: string;
  value: V;
  options: { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  inline?: boolean;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 font-medium text-stone-800">{legend}</legend>
      <div className={`flex gap-x-6 gap-y-1 ${inline ? 'flex-row flex-wrap' : 'flex-col'}`}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-stone-900">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-5 accent-leaf-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
