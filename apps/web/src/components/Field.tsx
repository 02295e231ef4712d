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

/** The new password and its repeat, as sign-up, reset and change-password ask for them. */
export function NewPasswordFields(props: {
  labels: { password: string; repeat: string };
  placeholders: { password: string; repeat: string };
  testIds: { password: string; repeat: string };
  password: string;
  repeatPassword: string;
  onPassword: (value: string) => void;
  onRepeatPassword: (value: string) => void;
}) {
  return (
    <>
      <Field label={props.labels.password}>
        <TextInput
          data-testid={props.testIds.password}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={props.placeholders.password}
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
        />
      </Field>
      <Field label={props.labels.repeat}>
        <TextInput
          data-testid={props.testIds.repeat}
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          placeholder={props.placeholders.repeat}
          value={props.repeatPassword}
          onChange={(e) => props.onRepeatPassword(e.target.value)}
        />
      </Field>
    </>
  );
}
