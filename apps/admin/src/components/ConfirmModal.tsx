import { Alert, type ButtonProps, Descriptions, type DescriptionsProps, Form, Input, Modal, Space } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  /** Facts the operator confirms (amount, payee…). */
  details?: DescriptionsProps['items'];
  intro?: ReactNode;
  /** Asks a required reason (single line: Enter confirms). */
  reason?: { label: string; placeholder?: string; help?: string };
  loading?: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A confirm dialog: Enter confirms, Esc cancels, focus goes to the reason field (or the confirm
 * button) and back to the opener when it closes.
 */
export function ConfirmModal({
  open,
  title,
  okText,
  danger,
  details,
  intro,
  reason,
  loading,
  error,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (open) {
      setText('');
      setInvalid(null);
    }
  }, [open]);

  const submit = () => {
    if (loading) return;
    if (reason) {
      const value = text.trim();
      if (!value) {
        setInvalid('Enter the reason: the user sees it and it goes to the audit log.');
        inputRef.current?.focus();
        return;
      }
      if (value.length > 500) {
        setInvalid('Keep the reason under 500 characters.');
        return;
      }
      onConfirm(value);
    } else onConfirm('');
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => !loading && onCancel()}
      onOk={submit}
      okText={okText}
      okButtonProps={{ danger, loading, autoFocus: !reason, 'data-testid': 'confirm-action' } as ButtonProps}
      cancelButtonProps={{ disabled: loading }}
      afterOpenChange={(visible) => {
        if (visible && reason) inputRef.current?.focus();
      }}
      destroyOnHidden
      maskClosable={!loading}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {intro}
        {details && details.length > 0 && <Descriptions column={1} size="small" bordered items={details} />}
        {reason && (
          <Form layout="vertical" onFinish={submit} component="div">
            <Form.Item
              label={reason.label}
              required
              validateStatus={invalid ? 'error' : undefined}
              help={invalid ?? reason.help}
              style={{ marginBottom: 0 }}
            >
              <Input
                ref={(node) => {
                  inputRef.current = node?.input ?? null;
                }}
                value={text}
                maxLength={500}
                placeholder={reason.placeholder}
                onChange={(event) => {
                  setText(event.target.value);
                  if (invalid) setInvalid(null);
                }}
                onPressEnter={(event) => {
                  event.preventDefault();
                  submit();
                }}
                aria-invalid={invalid ? true : undefined}
                data-testid="reason-input"
              />
            </Form.Item>
          </Form>
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Space>
    </Modal>
  );
}
