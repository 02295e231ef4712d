import { adminApi } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../api.ts';
import { addRecipients, parseTyped, type Recipient, recipientKey, recipientLabel } from './issueForm.ts';

/** How long typing pauses before the users are searched. */
const SEARCH_PAUSE_MS = 250;
const FOUND_MAX = 10;

interface UserPickerProps {
  /** The input's id (a form item's `htmlFor`). */
  id: string;
  value: Recipient[];
  onChange: (recipients: Recipient[]) => void;
  status?: 'error';
  testId?: string;
  autoFocus?: boolean;
}

interface PickOption {
  value: string;
  label: string;
  /** What choosing the option adds. */
  adds: Recipient[];
}

/**
 * Users picked by searching them (by account, phone, nickname or ID, as the users screen does),
 * or typed and pasted as IDs, emails and phones when the search finds none of them. All by
 * keyboard: type, arrows to move, Enter to pick, Backspace in the empty search to remove the last.
 */
export function UserPicker({ id, value, onChange, status, testId, autoFocus }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const typed = useMemo(() => parseTyped(search), [search]);
  // A pasted list is added as typed, not searched.
  const list = /[,;\n]/.test(search);
  const found = useQuery({
    queryKey: ['admin', 'users', 'pick', q],
    queryFn: () => call(adminApi.admin.users, { q, limit: FOUND_MAX }),
    enabled: q !== '' && !list,
  });
  const settled = q === search.trim() && !found.isFetching;
  const users = !list && search.trim() !== '' ? (found.data?.items ?? []) : [];

  const options: PickOption[] = users.map((user) => ({
    value: recipientKey({ kind: 'id', id: user.id }),
    label: `${user.account} · ${user.nickname} · #${user.id}`,
    adds: [{ kind: 'user', id: user.id, label: user.account }],
  }));
  if (typed.recipients.length > 0 && typed.invalid.length === 0 && (list || (settled && users.length === 0))) {
    options.push({
      value: 'typed',
      label: `Add as typed: ${typed.recipients.map(recipientLabel).join(', ')}`,
      adds: typed.recipients,
    });
  }

  const notFound =
    search.trim() === '' ? null : !list && !settled ? (
      <Spin size="small" />
    ) : (
      <Typography.Text type="secondary">
        No user found.
        {typed.invalid.length > 0 ? ` Not an ID, email or phone: ${typed.invalid.slice(0, 5).join(', ')}` : ''}
      </Typography.Text>
    );

  return (
    <Select<{ value: string; label: string }[], PickOption>
      id={id}
      autoFocus={autoFocus}
      mode="multiple"
      labelInValue
      status={status}
      style={{ width: '100%' }}
      placeholder="Search by account, phone, nickname or ID; or paste IDs, emails and phones"
      value={value.map((recipient) => ({ value: recipientKey(recipient), label: recipientLabel(recipient) }))}
      options={options}
      showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false, autoClearSearchValue: true }}
      notFoundContent={notFound}
      onSelect={(_, option) => {
        onChange(addRecipients(value, option.adds));
        setSearch('');
      }}
      onDeselect={(removed) => onChange(value.filter((recipient) => recipientKey(recipient) !== removed.value))}
      data-testid={testId}
    />
  );
}
