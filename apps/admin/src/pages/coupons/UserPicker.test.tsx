// @vitest-environment jsdom
import { adminApi, type OutputOf } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../api.ts';
import { answering, cleanupScreen, renderScreen } from '../../test/render.tsx';
import type { Recipient } from './issueForm.ts';
import { UserPicker } from './UserPicker.tsx';

vi.mock('../../api.ts', async (importOriginal) => ({ ...(await importOriginal()), call: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });
/** The search waits for a pause in typing, then antd draws the list: slow on a busy machine. */
const FOUND = { timeout: 10_000 };

const mockedCall = vi.mocked(call);
type UserRow = OutputOf<typeof adminApi.admin.users>['items'][number];

const user = (id: number, account: string, nickname: string): UserRow => ({
  id,
  account,
  nickname,
  inviteCode: `CODE${id}`,
  inviterId: null,
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastLoginAt: null,
});
const USERS = [user(12, 'ada@example.com', 'Ada'), user(14, '+2348031234567', 'Bola')];

let picked: Recipient[] = [];

function Picker() {
  const [value, setValue] = useState<Recipient[]>([]);
  return (
    <UserPicker
      id="recipients"
      value={value}
      onChange={(next) => {
        picked = next;
        setValue(next);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox') as HTMLInputElement;
const press = (key: string, keyCode: number) => fireEvent.keyDown(input(), { key, keyCode, which: keyCode });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

beforeEach(() => {
  picked = [];
  mockedCall.mockImplementation(
    answering([
      adminApi.admin.users,
      (query) => {
        const q = String((query as { q?: string }).q ?? '').toLowerCase();
        const items = USERS.filter((u) => [u.account, u.nickname, `#${u.id}`].some((t) => t.toLowerCase().includes(q)));
        return { items, nextCursor: null };
      },
    ]) as typeof call,
  );
});
afterEach(() => {
  cleanupScreen();
  mockedCall.mockReset();
});

describe('picking the users coupons go to, with the keyboard', () => {
  it('searches as the operator types and Enter picks the user found', async () => {
    renderScreen(<Picker />);
    input().focus();
    type('ada');
    expect(await screen.findByText(/ada@example\.com · Ada · #12/, {}, FOUND)).toBeTruthy();
    await waitFor(() => expect(mockedCall).toHaveBeenCalledWith(adminApi.admin.users, { q: 'ada', limit: 10 }));
    press('Enter', 13);
    await waitFor(() => expect(picked).toEqual([{ kind: 'user', id: 12, label: 'ada@example.com' }]));
    expect(screen.getAllByText('ada@example.com (#12)').length).toBeGreaterThan(0);
  });

  it('the arrow keys move to the next user found', async () => {
    renderScreen(<Picker />);
    input().focus();
    type('a');
    await screen.findByText(/\+2348031234567 · Bola · #14/, {}, FOUND);
    press('ArrowDown', 40);
    press('Enter', 13);
    await waitFor(() => expect(picked).toEqual([{ kind: 'user', id: 14, label: '+2348031234567' }]));
  });

  it('adds pasted IDs, emails and phones as typed when they name no user found', async () => {
    renderScreen(<Picker />);
    input().focus();
    type('31, bob@example.com');
    expect(await screen.findByText('Add as typed: #31, bob@example.com', {}, FOUND)).toBeTruthy();
    press('Enter', 13);
    await waitFor(() =>
      expect(picked).toEqual([
        { kind: 'id', id: 31 },
        { kind: 'account', account: 'bob@example.com' },
      ]),
    );
  });

  it('says what it cannot read instead of adding it', async () => {
    renderScreen(<Picker />);
    input().focus();
    type('31, zz');
    expect(await screen.findByText('No user found. Not an ID, email or phone: zz', {}, FOUND)).toBeTruthy();
  });

  it('Backspace in the empty search removes the last user picked', async () => {
    renderScreen(<Picker />);
    input().focus();
    type('ada');
    await screen.findByText(/ada@example\.com · Ada · #12/, {}, FOUND);
    press('Enter', 13);
    await waitFor(() => expect(picked).toHaveLength(1));
    type('');
    // The select ignores Backspace for 250 ms after a key pressed with text in the search (and
    // each ignored press renews that), so the press is tried again 300 ms apart.
    await waitFor(
      () => {
        press('Backspace', 8);
        expect(picked).toEqual([]);
      },
      { interval: 300, timeout: 3000 },
    );
  });
});
