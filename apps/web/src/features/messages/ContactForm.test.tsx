// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nReady } from '../../i18n';
import { sessionStore } from '../../store/session';
import { ContactForm } from './ContactForm';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

/** Where sign-in would take the user back to, as the sign-in page reads it. */
function SignInStandIn() {
  const state = useLocation().state as { returnTo?: string } | null;
  return <div data-testid="sign-in-page">back to {state?.returnTo}</div>;
}

function renderContactUs() {
  render(
    <MemoryRouter initialEntries={['/contactUs/info']}>
      <Routes>
        <Route path="/contactUs/info" element={<ContactForm />} />
        <Route path="/account/signIn" element={<SignInStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Contact Us: writing to customer service', () => {
  afterEach(cleanup);

  it('asks a guest to sign in, and sign-in brings them back to Contact Us', () => {
    sessionStore.set({ token: '', language: 'en' });
    renderContactUs();
    expect(screen.queryByTestId('contact-form')).toBeNull();
    expect(screen.getByTestId('contact-sign-in').textContent).toContain('Sign in to write to us.');
    fireEvent.click(screen.getByTestId('contact-sign-in-button'));
    expect(screen.getByTestId('sign-in-page').textContent).toBe('back to /contactUs/info');
  });

  it('shows a signed-in user the form', () => {
    sessionStore.set({ token: 'tok', language: 'en' });
    renderContactUs();
    expect(screen.getByTestId('contact-form')).toBeTruthy();
    expect(screen.queryByTestId('contact-sign-in')).toBeNull();
  });
});
