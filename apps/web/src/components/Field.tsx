import { TextArea, type TextAreaProps, type TextAreaRef } from 'antd-mobile';
import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FormProblem } from '../lib/validate';

/** What ties a control to the problem shown under it (docs/decisions.md: form errors belong to their fields). */
export interface FieldControl {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A field's problem as a form hands it to `Field` (or to `useFieldError`): '' or absent when there is none. */
export interface FieldErrorProps {
  error?: string;
  errorTestId?: string;
}

const FieldContext = createContext<FieldControl>({});

/**
 * A control's problem: the props that mark the control invalid and name the message, and the
 * message itself, to place under the control. Announced as an alert when it appears. For a control
 * that is not in a `Field` (a passcode box, a checkbox); `Field` uses it for its own.
 */
export function useFieldError({ error, errorTestId }: FieldErrorProps): { control: FieldControl; message: ReactNode } {
  const id = useId();
  if (!error) return { control: {}, message: null };
  return {
    control: { 'aria-invalid': true, 'aria-describedby': id },
    message: (
      <div className="field-error" id={id} role="alert" data-testid={errorTestId}>
        {error}
      </div>
    ),
  };
}

/**
 * A labelled form row around a native input (native so browser tests can fill it by testid), and
 * the problem with it underneath, outside the label so it is not part of the control's name.
 * `TextInput`, `SelectInput` and `TextAreaInput` inside it are marked invalid and described by it.
 */
export function Field({
  label,
  children,
  extra,
  error,
  errorTestId,
}: { label: ReactNode; children: ReactNode; extra?: ReactNode } & FieldErrorProps) {
  const { control, message } = useFieldError({ error, errorTestId });
  return (
    <div className="field">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the child input */}
      <label className="field-body">
        <span className="field-label">{label}</span>
        <span className="field-row">
          <FieldContext value={control}>{children}</FieldContext>
          {extra}
        </span>
      </label>
      {message}
    </div>
  );
}

function invalidClass(base: string, invalid: unknown) {
  return invalid ? `${base} invalid` : base;
}

/** A text input; in a Field it is tied to the field's problem, elsewhere given its `control` props. */
export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const tied = { ...props, ...useContext(FieldContext) };
  return (
    <input
      autoComplete="off"
      {...tied}
      className={invalidClass(props.className ?? 'text-input', tied['aria-invalid'])}
    />
  );
}

export function SelectInput(props: SelectHTMLAttributes<HTMLSelectElement>) {
  const tied = { ...props, ...useContext(FieldContext) };
  return <select {...tied} className={invalidClass(props.className ?? 'text-input', tied['aria-invalid'])} />;
}

/** antd-mobile's text area in a Field: it hands its textarea no aria attribute, so they are set on the element. */
export function TextAreaInput(props: TextAreaProps) {
  const control = useContext(FieldContext);
  const ref = useRef<TextAreaRef>(null);
  const invalid = control['aria-invalid'];
  const describedBy = control['aria-describedby'];
  useEffect(() => {
    const textarea = ref.current?.nativeElement;
    if (!textarea) return;
    if (invalid) textarea.setAttribute('aria-invalid', 'true');
    else textarea.removeAttribute('aria-invalid');
    if (describedBy) textarea.setAttribute('aria-describedby', describedBy);
    else textarea.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);
  return <TextArea ref={ref} {...props} className={invalidClass(props.className ?? '', invalid).trim()} />;
}

/**
 * A problem about the whole form (a refusal about no one field, a lost connection), under the
 * fields; `children` is what the user can do about it (a link to recharge).
 */
export function FormError({
  message,
  testId,
  className,
  children,
}: {
  message: string;
  testId: string;
  className?: string;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <div className={className ? `form-error ${className}` : 'form-error'} role="alert" data-testid={testId}>
      {children ? <div>{message}</div> : message}
      {children}
    </div>
  );
}

/**
 * The one problem a form shows at a time: under the field it is about when that field is one of
 * `fields`, else (a refusal about no field, a lost connection, a field the form does not show)
 * in the form's `FormError`. `testId` marks whichever element shows it, so a test finds the
 * form's message wherever it is.
 */
export function useFormErrors<F extends string>(testId: string, fields: readonly F[] = []) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // Stable, as a state setter is: an effect may clear the form without running again.
  const { show, clear } = useMemo(
    () => ({
      /** A message alone is about the whole form; an empty one shows nothing. */
      show: (next: FormProblem | string) => {
        const shown = typeof next === 'string' ? { message: next } : next;
        setProblem(shown.message ? shown : null);
      },
      clear: () => setProblem(null),
    }),
    [],
  );
  const at = fields.find((name) => name === problem?.field);
  return {
    show,
    clear,
    field: (name: F): FieldErrorProps => ({ error: at === name ? problem?.message : '', errorTestId: testId }),
    form: { message: problem && at === undefined ? problem.message : '', testId },
  };
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
  errors?: { password: FieldErrorProps; repeat: FieldErrorProps };
}) {
  return (
    <>
      <Field label={props.labels.password} {...props.errors?.password}>
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
      <Field label={props.labels.repeat} {...props.errors?.repeat}>
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
