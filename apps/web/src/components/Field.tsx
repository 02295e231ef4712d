import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled form row around a native input (native so browser tests can fill it by testid). */
export function Field({ label, children, extra }: { label: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child input
    <label className="field">
      <span className="field-label">{label}</span>
      <span className="field-row">
        {children}
        {extra}
      </span>
    </label>
  );
}

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input className="text-input" autoComplete="off" {...props} />;
}

export function FormError({ message, testId }: { message: string; testId: string }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      {message}
    </div>
  );
}
