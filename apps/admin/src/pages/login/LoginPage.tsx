import { adminApi } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { call, errorText, fieldName, issueText } from '../../api.ts';
import { useAuth } from '../../auth.tsx';

interface Credentials {
  email: string;
  password: string;
}

export function LoginPage() {
  const { admin, signIn } = useAuth();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const [form] = Form.useForm<Credentials>();

  useEffect(() => {
    document.title = 'Sign in · Back office';
  }, []);

  const login = useMutation({
    mutationFn: (input: Credentials) => call(adminApi.admin.login, input),
    // Signing in re-renders this page with an admin, which redirects to `from` below.
    onSuccess: ({ token, admin: signedIn }) => signIn(token, signedIn),
  });

  if (admin) return <Navigate to={from.startsWith('/login') ? '/' : from} replace />;

  const onFinish = (values: Credentials) => {
    const parsed = adminApi.admin.login.input.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]) as keyof Credentials,
          errors: [issueText(issue.message, fieldName(issue.path[0]))],
        })),
      );
      return;
    }
    login.mutate(parsed.data);
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5', padding: 16 }}>
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          Back office sign-in
        </Typography.Title>
        <Form<Credentials>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          requiredMark={false}
          disabled={login.isPending}
        >
          <Form.Item
            label="Email"
            name="email"
            rules={[{ required: true, whitespace: true, message: 'Enter your email.' }]}
          >
            <Input type="email" autoComplete="username" autoFocus data-testid="login-email" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password.' }]}>
            <Input.Password autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          {login.isError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={errorText(login.error)}
              style={{ marginBottom: 16 }}
              data-testid="login-error"
            />
          )}
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            Sign in
          </Button>
        </Form>
      </Card>
    </main>
  );
}
