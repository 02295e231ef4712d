// @vitest-environment jsdom
import type { AdminUser } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api.ts';
import { cleanupScreen, renderScreen, viewport } from '../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';

vi.mock('../api.ts', async (importOriginal) => ({ ...(await importOriginal()), call: vi.fn() }));
const OWNER: AdminUser = {
  id: 1,
  email: 'a.very.long.operator.address@minerva.example.com',
  name: 'Owner',
  role: 'owner',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const signOut = vi.fn();
vi.mock('../auth.tsx', () => ({ useAdmin: () => OWNER, useAuth: () => ({ admin: OWNER, signOut }) }));
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.mocked(call).mockImplementation(() => new Promise(() => {}));
});
afterEach(() => {
  cleanupScreen();
  vi.mocked(call).mockReset();
});

describe('the header at phone width (360 px)', () => {
  it('folds the menu into a drawer opened by a menu button, instead of a side bar', async () => {
    viewport(360);
    renderScreen(<AppLayout />);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(menu).getByText('Dashboard')).toBeTruthy();
    expect(within(menu).getByText('Users')).toBeTruthy();
  });

  it('keeps to a short title, the role and a sign-out icon: the operator’s email is left out', () => {
    viewport(360);
    renderScreen(<AppLayout />);
    const header = screen.getByRole('banner');
    expect(within(header).queryByText(OWNER.email)).toBeNull();
    expect(within(header).getByText('owner')).toBeTruthy();
    const signOutButton = within(header).getByRole('button', { name: 'Sign out' });
    expect(signOutButton.textContent?.trim()).toBe('');
  });
});

describe('the header on a desktop', () => {
  it('shows the side menu, the operator’s email and a labelled sign-out button', () => {
    viewport(1440);
    renderScreen(<AppLayout />);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the menu' })).toBeNull();
    const header = screen.getByRole('banner');
    expect(within(header).getByText(OWNER.email)).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Sign out' }).textContent).toContain('Sign out');
  });
});
