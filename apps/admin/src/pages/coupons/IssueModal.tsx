import { Alert, type ButtonProps, DatePicker, Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { type LocalizedDraft, localizedWithEnglish } from '../../lib/localized.ts';
import { beforePlatformToday, fromPicker, toPicker } from '../../lib/platformTime.ts';
import { expiryIssue, formIssues } from './issueForm.ts';

/**
 * The state of a form that issues something (coupons, a batch of codes): the typed fields in a
 * draft, the issues found by dotted path ("reward.amount", "form" for the server's refusal), and
 * a coupon name's six languages in the form's store, where LocalizedFields keeps them.
 */
export function useIssueDraft<Draft extends { expiresAt: string | null }>(empty: Draft) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [form] = Form.useForm<{ name: LocalizedDraft }>();
  const [issues, setIssues] = useState<Record<string, string>>({});
  return {
    draft,
    form,
    issues,
    setIssues,
    /** Changes fields; the issues shown go away as the operator types. */
    set: (patch: Partial<Draft>) => {
      setDraft((d) => ({ ...d, ...patch }));
      setIssues({});
    },
    reset: () => {
      setDraft(empty);
      form.resetFields();
    },
    /**
     * Checks the input by the contract and the expiry by the server's rule, shows what is wrong
     * (with `more`, the form's own findings), and answers whether it may be sent.
     */
    check: (schema: z.ZodType, input: unknown, labels: Record<string, string>, more: Record<string, string>) => {
      const found = { ...formIssues(schema, input, labels), ...more };
      const expiry = expiryIssue(draft.expiresAt, 'Choose when it expires.', new Date());
      if (expiry) found.expiresAt = expiry;
      setIssues(found);
      return Object.keys(found).length === 0;
    },
    /** The coupon name as the contract takes it. */
    name: () => localizedWithEnglish(form.getFieldValue('name') ?? {}),
    /** A form item's error state and message. */
    item: (field: string) => ({
      validateStatus: issues[field] ? ('error' as const) : undefined,
      help: issues[field],
    }),
  };
}

type IssueDraft = ReturnType<typeof useIssueDraft>;

interface IssueModalProps {
  open: boolean;
  title: string;
  okText: string;
  okTestId: string;
  busy: boolean;
  state: Pick<IssueDraft, 'form' | 'issues' | 'setIssues'>;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The modal of an issue form: its fields, the server's refusal above them, and no closing while it sends. */
export function IssueModal({ open, title, okText, okTestId, busy, state, onOk, onClose, children }: IssueModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={onOk}
      onCancel={() => !busy && onClose()}
      okButtonProps={{ loading: busy, 'data-testid': okTestId } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={state.form}
        initialValues={{ name: {} }}
        layout="vertical"
        onFinish={onOk}
        onValuesChange={() => state.setIssues({})}
        aria-label={title}
      >
        {state.issues.form && (
          <Alert type="error" showIcon role="alert" title={state.issues.form} style={{ marginBottom: 16 }} />
        )}
        {children}
      </Form>
    </Modal>
  );
}

interface ExpiryFieldProps {
  /** The picker's id (e2e types the date into it) and test id. */
  id: string;
  /** An ISO moment, picked in the platform's wall-clock time. */
  value: string | null;
  onChange: (value: string | null) => void;
  item: IssueDraft['item'];
}

/** When what is issued expires: a date and time from today on (the server refuses one already passed). */
export function ExpiryField({ id, value, onChange, item }: ExpiryFieldProps) {
  return (
    <Form.Item label="Expires" required htmlFor={id} {...item('expiresAt')}>
      <DatePicker
        id={id}
        showTime
        style={{ width: '100%' }}
        value={value ? toPicker(value) : null}
        disabledDate={beforePlatformToday}
        onChange={(picked) => onChange(picked ? fromPicker(picked) : null)}
        data-testid={id}
      />
    </Form.Item>
  );
}
