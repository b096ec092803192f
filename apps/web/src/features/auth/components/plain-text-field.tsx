import { useId, type InputHTMLAttributes } from 'react';

interface PlainTextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's message under it; the field shows as wrong while there is one. */
  error?: string;
}

/** A labelled input of the plain login page (plain.css), marked required and wrong as MUI's. */
export function PlainTextField({ label, error, required, ...input }: PlainTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={error ? 'plain-field plain-field--error' : 'plain-field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        {...input}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? helperId : undefined}
      />
      {error ? (
        <p id={helperId} className="plain-helper">
          {error}
        </p>
      ) : null}
    </div>
  );
}
