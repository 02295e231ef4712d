// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormProblem } from '../lib/validate';
import { Field, FormError, TextAreaInput, TextInput, useFieldError, useFormErrors } from './Field';

/** A form of two fields and a checkbox outside any Field; a button shows the given problem. */
function NameForm({ problem }: { problem: FormProblem | string }) {
  const errors = useFormErrors('name-error', ['name', 'note', 'agree'] as const);
  const agree = useFieldError(errors.field('agree'));
  return (
    <form>
      <Field label="Name" {...errors.field('name')}>
        <TextInput data-testid="name" />
      </Field>
      <Field label="Note" {...errors.field('note')}>
        <TextAreaInput data-testid="note" />
      </Field>
      <input type="checkbox" aria-label="I agree" data-testid="agree" {...agree.control} />
      {agree.message}
      <FormError {...errors.form} />
      <button type="button" onClick={() => errors.show(problem)}>
        Check
      </button>
      <button type="button" onClick={errors.clear}>
        Clear
      </button>
    </form>
  );
}

function check(problem: FormProblem | string) {
  render(<NameForm problem={problem} />);
  fireEvent.click(screen.getByText('Check'));
}

/** The element a control is described by: what a screen reader reads after its name. */
function descriptionOf(control: HTMLElement) {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id) : null;
}

const invalidControls = () => document.querySelectorAll('[aria-invalid="true"]');

describe('a form error belongs to the field it is about', () => {
  afterEach(cleanup);

  it('marks the field it is about invalid and describes it with the message, announced as an alert', () => {
    check({ field: 'name', message: 'Please enter Name.' });
    const input = screen.getByTestId('name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('invalid');
    const message = descriptionOf(input);
    expect(message?.textContent).toBe('Please enter Name.');
    expect(message?.getAttribute('role')).toBe('alert');
    expect(message?.getAttribute('data-testid')).toBe('name-error');
    expect(invalidControls()).toHaveLength(1);
  });

  it("keeps the message out of the field's name: it is under the label, not in it", () => {
    check({ field: 'name', message: 'Please enter Name.' });
    expect(screen.getByLabelText('Name')).toBe(screen.getByTestId('name'));
  });

  it('shows a problem about the whole form as an alert of the form, with no field marked', () => {
    check('The service is unavailable, try again later.');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The service is unavailable, try again later.');
    expect(alert.getAttribute('data-testid')).toBe('name-error');
    expect(invalidControls()).toHaveLength(0);
    expect(screen.getByTestId('name').hasAttribute('aria-describedby')).toBe(false);
  });

  it("shows a problem about a field the form does not show as the form's, so it is never lost", () => {
    check({ field: 'inviteCode', message: 'Invitation code invalid.' });
    expect(screen.getByRole('alert').textContent).toBe('Invitation code invalid.');
    expect(invalidControls()).toHaveLength(0);
  });

  it("ties antd's text area itself, not its wrapper, to the message", () => {
    check({ field: 'note', message: 'A note is at most 200 characters.' });
    const textarea = screen.getByTestId('note').querySelector('textarea')!;
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(textarea)?.textContent).toBe('A note is at most 200 characters.');
    fireEvent.click(screen.getByText('Clear'));
    expect(textarea.hasAttribute('aria-invalid')).toBe(false);
    expect(textarea.hasAttribute('aria-describedby')).toBe(false);
  });

  it('ties a control outside any Field (a checkbox) the same way', () => {
    check({ field: 'agree', message: 'Please read and accept the user agreement.' });
    const checkbox = screen.getByTestId('agree');
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(checkbox)?.textContent).toBe('Please read and accept the user agreement.');
  });

  it('shows one problem at a time, and none once it is cleared', () => {
    render(<NameForm problem={{ field: 'name', message: 'Please enter Name.' }} />);
    fireEvent.click(screen.getByText('Check'));
    fireEvent.click(screen.getByText('Clear'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(invalidControls()).toHaveLength(0);
  });
});
