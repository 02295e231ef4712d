import { Alert, Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';

interface FormDrawerProps {
  open: boolean;
  onClose: () => void;
  size: number;
  title: string;
  /** The save button beside Cancel; null where the operator's role may only read. */
  save: { label: string; onClick: () => void; busy: boolean; testId: string } | null;
  /** Why the last save failed, shown above the form until the next try. */
  error: { title: string; text: string; testId: string } | null;
  children: ReactNode;
}

/** The frame of a create-or-edit drawer: Cancel and Save at the top, the save's error above the form. */
export function FormDrawer({ open, onClose, size, title, save, error, children }: FormDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      destroyOnHidden
      extra={
        save && (
          <Space>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" onClick={save.onClick} loading={save.busy} data-testid={save.testId}>
              {save.label}
            </Button>
          </Space>
        )
      }
    >
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={error.title}
          description={error.text}
          style={{ marginBottom: 16 }}
          data-testid={error.testId}
        />
      )}
      {children}
    </Drawer>
  );
}
