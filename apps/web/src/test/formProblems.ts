import { ERRORS, type ErrorKey } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ApiError } from '../api/client';

/** The server's refusal with `key` as the client rejects with it: its English message unless given. */
export function refusal(key: ErrorKey, message: string = ERRORS[key].msg.en) {
  return new ApiError(ERRORS[key].code, message, 'business');
}

/** Types each value into the input of its test id. */
export function fillIn(values: Record<string, string>) {
  for (const [testId, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  }
}

export const invalidControls = () => document.querySelectorAll('[aria-invalid="true"]');

/** The problem belongs to `control` alone: it is marked invalid and described by `message`. */
export function expectUnder(control: HTMLElement, message: HTMLElement) {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(control.getAttribute('aria-describedby')).toBe(message.id);
  expect(invalidControls()).toHaveLength(1);
}

/** The problem is the whole form's: announced as an alert, with no control marked. */
export function expectFormAlert(message: HTMLElement) {
  expect(message.getAttribute('role')).toBe('alert');
  expect(invalidControls()).toHaveLength(0);
}
