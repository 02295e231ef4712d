import { adminApi, type ConfigKey, type ConfigValues } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Col,
  Form,
  Input,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { DASHBOARD_KEY } from '../dashboard/DashboardPage.tsx';
import { ConfigField } from './ConfigField.tsx';
import {
  buildPatch,
  CONFIG_KEY,
  CROSS_CHECKED,
  changedKeys,
  crossCheck,
  FIELD_META,
  fieldLabel,
  GROUPS,
  MAINTENANCE_KEYS,
  validatePatch,
  withDefaults,
} from './registry.ts';

type Errors = Partial<Record<ConfigKey, string>>;

const FORM_KEYS = GROUPS.flatMap((group) => group.keys);

function useSaveConfig(onSaved: (values: ConfigValues, count: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<ConfigValues>) => call(adminApi.admin.putConfig, patch),
    onSuccess: (saved, patch) => {
      const values = withDefaults(saved as Record<string, unknown>);
      queryClient.setQueryData(CONFIG_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      onSaved(values, Object.keys(patch).length);
    },
  });
}

/** Checks the changed keys of `keys`; returns the patch or null with `errors` filled. */
function prepare(original: ConfigValues, draft: ConfigValues, keys: readonly ConfigKey[]) {
  const patch = buildPatch(original, draft, keys);
  const changed = new Set(Object.keys(patch));
  const cross = Object.fromEntries(
    Object.entries(crossCheck(draft)).filter(([key]) => keys.includes(key as ConfigKey)),
  ) as Errors;
  const errors: Errors = { ...cross, ...validatePatch(patch) };
  // Cross-field errors only block when one of the fields involved was edited.
  for (const key of Object.keys(cross) as ConfigKey[]) {
    const related = CROSS_CHECKED[key] ?? [key];
    if (!related.some((k) => changed.has(k))) delete errors[key];
  }
  return { patch, errors };
}

function MaintenanceCard({
  original,
  draft,
  setValue,
  canEdit,
}: {
  original: ConfigValues;
  draft: ConfigValues;
  setValue: (key: ConfigKey, value: unknown) => void;
  canEdit: boolean;
}) {
  const { message } = App.useApp();
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveConfig((values, count) => {
    message.success(
      count === 0
        ? 'Nothing changed.'
        : values.maintenance
          ? 'Maintenance is ON. Users now see your message.'
          : 'Maintenance is off. The app is open again.',
    );
  });
  const changed = changedKeys(original, draft, MAINTENANCE_KEYS).length > 0;
  const turningOn = draft.maintenance && !original.maintenance;
  const turningOff = !draft.maintenance && original.maintenance;

  const submit = () => {
    const { patch, errors: found } = prepare(original, draft, MAINTENANCE_KEYS);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(patch);
  };

  return (
    <Card
      title={
        <Space>
          <span>Maintenance</span>
          <Tag color={original.maintenance ? 'red' : 'green'} data-testid="maintenance-state">
            {original.maintenance ? 'ON now' : 'Off now'}
          </Tag>
        </Space>
      }
      style={{ marginBottom: 16, borderColor: original.maintenance ? '#ff4d4f' : '#faad14', borderWidth: 2 }}
      styles={{ header: { background: original.maintenance ? '#fff1f0' : '#fffbe6' } }}
    >
      <Typography.Paragraph type="secondary">
        While maintenance is on, users cannot use the app: every request answers “under maintenance” with the message
        below. The back office keeps working.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} disabled={!canEdit || save.isPending}>
        <Row gutter={24}>
          <Col xs={24} md={6}>
            <Form.Item label="Maintenance mode" htmlFor="cfg-maintenance">
              <Switch
                id="cfg-maintenance"
                checked={draft.maintenance}
                onChange={(checked) => setValue('maintenance', checked)}
                checkedChildren="On"
                unCheckedChildren="Off"
                data-testid="maintenance-switch"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={18}>
            <Form.Item
              label={fieldLabel('app_maintain_time')}
              htmlFor="cfg-app_maintain_time"
              extra={FIELD_META.app_maintain_time?.help}
              validateStatus={errors.app_maintain_time ? 'error' : undefined}
              help={errors.app_maintain_time}
            >
              <Input
                id="cfg-app_maintain_time"
                value={draft.app_maintain_time}
                maxLength={100}
                showCount
                onChange={(event) => setValue('app_maintain_time', event.target.value)}
                data-testid="maintenance-message"
              />
            </Form.Item>
          </Col>
        </Row>
        {save.isError && (
          <Alert type="error" showIcon role="alert" title={errorText(save.error)} style={{ marginBottom: 16 }} />
        )}
        <Space>
          {turningOn || turningOff ? (
            <Popconfirm
              title={turningOn ? 'Turn maintenance ON?' : 'Turn maintenance off?'}
              description={
                turningOn
                  ? `Users are locked out at once and see: “${draft.app_maintain_time || '(no message)'}”.`
                  : 'Users can use the app again at once.'
              }
              okText={turningOn ? 'Turn on' : 'Turn off'}
              okButtonProps={
                { danger: turningOn, autoFocus: true, 'data-testid': 'maintenance-confirm' } as ButtonProps
              }
              onConfirm={submit}
            >
              <Button type="primary" danger={turningOn} loading={save.isPending} data-testid="maintenance-save">
                Save maintenance
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="primary"
              htmlType="submit"
              disabled={!changed}
              loading={save.isPending}
              data-testid="maintenance-save"
            >
              Save maintenance
            </Button>
          )}
          {changed && (
            <Button
              onClick={() => {
                for (const key of MAINTENANCE_KEYS) setValue(key, original[key]);
                setErrors({});
              }}
            >
              Undo
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}

export function ConfigPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const canEdit = allowed(admin.role, adminApi.admin.putConfig);
  const query = useQuery({ queryKey: CONFIG_KEY, queryFn: () => call(adminApi.admin.getConfig, {}) });
  const original = useMemo(() => withDefaults(query.data as Record<string, unknown> | undefined), [query.data]);
  const [draft, setDraft] = useState<ConfigValues | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  // Start from the server values; after a save, keep unsaved edits of the other section.
  useEffect(() => {
    if (!query.data) return;
    setDraft((current) => {
      if (!current) return original;
      return current;
    });
  }, [query.data, original]);

  const save = useSaveConfig((values, count) => {
    message.success(count === 1 ? 'Saved 1 setting.' : `Saved ${count} settings.`);
    setDraft((current) =>
      current ? { ...current, ...Object.fromEntries(FORM_KEYS.map((k) => [k, values[k]])) } : values,
    );
  });

  if (query.isError && !query.data) {
    return (
      <>
        <PageTitle>Configuration</PageTitle>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </>
    );
  }
  if (!query.data || !draft) {
    return (
      <>
        <PageTitle>Configuration</PageTitle>
        <Skeleton active paragraph={{ rows: 12 }} />
      </>
    );
  }

  const setValue = (key: ConfigKey, value: unknown) => {
    setDraft((current) => (current ? ({ ...current, [key]: value } as ConfigValues) : current));
    setErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const pending = changedKeys(original, draft, FORM_KEYS);

  const submit = () => {
    const { patch, errors: found } = prepare(original, draft, FORM_KEYS);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      message.error('Some settings are not valid. Fix the highlighted fields.');
      const first = Object.keys(found)[0];
      document.getElementById(`cfg-${first}`)?.focus();
      return;
    }
    if (Object.keys(patch).length === 0) {
      message.info('Nothing to save.');
      return;
    }
    save.mutate(patch);
  };

  return (
    <>
      <PageTitle subtitle="Changes apply to the app as soon as they are saved.">Configuration</PageTitle>
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          title="Read only"
          description="Only an owner can change the configuration."
          style={{ marginBottom: 16 }}
        />
      )}
      <MaintenanceCard
        original={original}
        draft={draft}
        setValue={(key, value) => setValue(key, value)}
        canEdit={canEdit}
      />
      <Form layout="vertical" onFinish={submit} disabled={!canEdit || save.isPending} data-testid="config-form">
        <Row gutter={[16, 16]}>
          {GROUPS.map((group) => (
            <Col xs={24} xl={12} key={group.key}>
              <Card title={group.title} style={{ height: '100%' }}>
                {group.keys.map((key) => {
                  const meta = FIELD_META[key];
                  const dirty = pending.includes(key);
                  return (
                    <Form.Item
                      key={key}
                      htmlFor={`cfg-${key}`}
                      label={
                        <Space size={4}>
                          {fieldLabel(key)}
                          {dirty && <Tag color="orange">changed</Tag>}
                        </Space>
                      }
                      tooltip={`Key: ${key}`}
                      extra={meta?.help}
                      validateStatus={errors[key] ? 'error' : undefined}
                      help={errors[key]}
                    >
                      <ConfigField
                        configKey={key}
                        id={`cfg-${key}`}
                        value={draft[key]}
                        invalid={Boolean(errors[key])}
                        currency={draft.app_currency}
                        onChange={(value) => setValue(key, value)}
                      />
                    </Form.Item>
                  );
                })}
              </Card>
            </Col>
          ))}
        </Row>
        <Card
          style={{ position: 'sticky', bottom: 0, marginTop: 16, zIndex: 2, boxShadow: '0 -2px 8px rgb(0 0 0 / 6%)' }}
          styles={{ body: { padding: '12px 24px' } }}
        >
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type={pending.length > 0 ? 'warning' : 'secondary'} aria-live="polite">
              {pending.length === 0
                ? 'No unsaved changes.'
                : `${pending.length} unsaved ${pending.length === 1 ? 'change' : 'changes'}: ${pending.map(fieldLabel).join(', ')}`}
            </Typography.Text>
            <Space>
              {save.isError && <Typography.Text type="danger">{errorText(save.error)}</Typography.Text>}
              <Button
                disabled={pending.length === 0}
                onClick={() => {
                  setDraft((current) =>
                    current ? { ...current, ...Object.fromEntries(FORM_KEYS.map((k) => [k, original[k]])) } : current,
                  );
                  setErrors({});
                }}
              >
                Discard changes
              </Button>
              <Button
                type="primary"
                htmlType="submit"
                disabled={pending.length === 0}
                loading={save.isPending}
                data-testid="config-save"
              >
                Save changes
              </Button>
            </Space>
          </Space>
        </Card>
      </Form>
    </>
  );
}
