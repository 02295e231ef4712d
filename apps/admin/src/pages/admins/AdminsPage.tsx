import {
  ADMIN_ROLES,
  ADMIN_STATUSES,
  type AdminRole,
  type AdminStatus,
  type AdminUser,
  adminApi,
  OPERATOR_PASSWORD,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Input, Modal, Select, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { z } from 'zod';
import { call, errorText, fieldName, issueText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ROLE_COLORS } from '../../components/AppLayout.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { formatDateTime } from '../../lib/format.ts';

export const ADMINS_KEY = ['admin', 'admins'] as const;

const ROLE_HELP: Record<AdminRole, string> = {
  owner: 'Everything, including configuration and admin users',
  finance: 'Money: users, withdrawals, deposits, ledger',
  support: 'Users, freeze, outbox',
  content: 'Content and announcements',
};

const roleOptions = ADMIN_ROLES.map((role) => ({ value: role, label: `${role} — ${ROLE_HELP[role]}` }));
const STATUS_LABELS: Record<AdminStatus, string> = { active: 'Active', disabled: 'Disabled' };
const statusOptions = ADMIN_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** Maps zod issues of `schema` onto antd form fields; returns the parsed value or null. */
function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  setFields: (fields: { name: string; errors: string[] }[]) => void,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  setFields(
    parsed.error.issues.map((issue) => ({
      name: String(issue.path[0]),
      errors: [issueText(issue.message, fieldName(issue.path[0]))],
    })),
  );
  return null;
}

type CreateValues = z.input<typeof adminApi.admin.createAdmin.input>;
type UpdateValues = { name: string; role: AdminRole; status: AdminUser['status']; password?: string };

function CreateAdminModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateValues>();
  const mutation = useMutation({
    mutationFn: (input: CreateValues) => call(adminApi.admin.createAdmin, input),
    onSuccess: (created) => {
      message.success(`Created ${created.email} (${created.role}).`);
      form.resetFields();
      onClose();
      return queryClient.invalidateQueries({ queryKey: ADMINS_KEY });
    },
  });
  const submit = (values: CreateValues) => {
    const input = validate(adminApi.admin.createAdmin.input, values, (fields) => form.setFields(fields as never));
    if (input) mutation.mutate(input);
  };
  return (
    <Modal
      title="New admin user"
      open={open}
      onCancel={onClose}
      okText="Create"
      okButtonProps={{ htmlType: 'submit', loading: mutation.isPending }}
      destroyOnHidden
      modalRender={(node) => (
        <Form<CreateValues> form={form} layout="vertical" onFinish={submit} initialValues={{ role: 'support' }}>
          {node}
        </Form>
      )}
    >
      <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Enter an email.' }]}>
        <Input type="email" autoComplete="off" autoFocus data-testid="admin-create-email" />
      </Form.Item>
      <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Enter a name.' }]}>
        <Input autoComplete="off" data-testid="admin-create-name" />
      </Form.Item>
      <Form.Item label="Role" name="role">
        <Select options={roleOptions} data-testid="admin-create-role" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        extra={`${OPERATOR_PASSWORD.min} to ${OPERATOR_PASSWORD.max} characters. Share it privately; they can be given a new one here later.`}
        rules={[{ required: true, message: 'Enter a password.' }]}
      >
        <Input.Password autoComplete="new-password" data-testid="admin-create-password" />
      </Form.Item>
      {mutation.isError && <Alert type="error" showIcon role="alert" title={errorText(mutation.error)} />}
    </Modal>
  );
}

function EditAdminModal({ target, onClose }: { target: AdminUser | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpdateValues>();
  const mutation = useMutation({
    mutationFn: ({ id, input }: { id: number; input: z.input<typeof adminApi.admin.updateAdmin.input> }) =>
      call(adminApi.admin.updateAdmin, input, { id }),
    onSuccess: (updated) => {
      message.success(`Saved ${updated.email}.`);
      onClose();
      return queryClient.invalidateQueries({ queryKey: ADMINS_KEY });
    },
  });
  const submit = (values: UpdateValues) => {
    if (!target) return;
    const changes: Record<string, unknown> = {};
    if (values.name !== target.name) changes.name = values.name;
    if (values.role !== target.role) changes.role = values.role;
    if (values.status !== target.status) changes.status = values.status;
    if (values.password) changes.password = values.password;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const input = validate(adminApi.admin.updateAdmin.input, changes, (fields) => form.setFields(fields as never));
    if (input) mutation.mutate({ id: target.id, input });
  };
  return (
    <Modal
      title={target ? `Edit ${target.email}` : 'Edit admin'}
      open={target !== null}
      onCancel={onClose}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: mutation.isPending }}
      destroyOnHidden
      modalRender={(node) => (
        <Form<UpdateValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={target ? { name: target.name, role: target.role, status: target.status } : undefined}
        >
          {node}
        </Form>
      )}
    >
      <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Enter a name.' }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Role" name="role">
        <Select options={roleOptions} />
      </Form.Item>
      <Form.Item label="Status" name="status" extra="A disabled admin is signed out and cannot sign in.">
        <Select options={statusOptions} />
      </Form.Item>
      <Form.Item label="New password" name="password" extra="Leave empty to keep the current password.">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {mutation.isError && <Alert type="error" showIcon role="alert" title={errorText(mutation.error)} />}
    </Modal>
  );
}

export function AdminsPage() {
  const me = useAdmin();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const query = useQuery({ queryKey: ADMINS_KEY, queryFn: () => call(adminApi.admin.admins, {}) });

  const columns: ColumnsType<AdminUser> = [
    { title: 'Email', dataIndex: 'email' },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Role', dataIndex: 'role', render: (role: AdminRole) => <Tag color={ROLE_COLORS[role]}>{role}</Tag> },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: AdminUser['status']) => <Tag color={status === 'active' ? 'green' : 'default'}>{status}</Tag>,
    },
    { title: 'Created', dataIndex: 'createdAt', render: formatDateTime },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing(row)} aria-label={`Edit ${row.email}`} data-testid="admin-edit">
          Edit{row.id === me.id ? ' (you)' : ''}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        subtitle="Who can sign in to the back office, and what they may do."
        extra={
          <Button type="primary" onClick={() => setCreating(true)} data-testid="admin-create">
            New admin
          </Button>
        }
      >
        Admin users
      </PageTitle>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <Table<AdminUser>
          rowKey="id"
          columns={columns}
          dataSource={query.data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="No admin users." /> }}
        />
      )}
      <CreateAdminModal open={creating} onClose={() => setCreating(false)} />
      <EditAdminModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
}
