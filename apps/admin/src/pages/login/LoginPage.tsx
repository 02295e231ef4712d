import { adminApi, ERRORS } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError, call, errorText, fieldName, issueText } from '../../api.ts';
import { useAuth } from '../../auth.tsx';

interface Credentials {
  email: string;
  password: string;
  code?: string;
}

/** Past the operator's ceiling of failed attempts the server asks for a code it emailed. */
const isCodeRequired = (error: unknown) => error instanceof ApiError && error.code === ERRORS.LOGIN_CODE_REQUIRED.code;

/** A refusal above the sign-in button, in the server's words. */
function FormError({ error, testId }: { error: unknown; testId: string }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={errorText(error)}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}

export function LoginPage() {
  const { admin, signIn } = useAuth();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const [form] = Form.useForm<Credentials>();

  useEffect(() => {
    document.title = 'Sign in · Back office';
  }, []);

  // Below the ceiling the form has no code field.
  const [codeAsked, setCodeAsked] = useState(false);
  const login = useMutation({
    mutationFn: (input: Credentials) => call(adminApi.admin.login, input),
    // Signing in re-renders this page with an admin, which redirects to `from` below.
    onSuccess: ({ token, admin: signedIn }) => signIn(token, signedIn),
    onError: (error) => {
      if (isCodeRequired(error)) setCodeAsked(true);
    },
  });
  // Another code: the same sign-in without one, which the server answers by emailing it.
  const resend = useMutation({
    mutationFn: () => {
      const { email, password } = form.getFieldsValue(['email', 'password']) as Credentials;
      return call(adminApi.admin.login, { email, password });
    },
    onSuccess: ({ token, admin: signedIn }) => signIn(token, signedIn),
  });

  if (admin) return <Navigate to={from.startsWith('/login') ? '/' : from} replace />;

  const onFinish = (values: Credentials) => {
    const parsed = adminApi.admin.login.input.safeParse(
      codeAsked ? values : { email: values.email, password: values.password },
    );
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
          {codeAsked && (
            <Form.Item label="Sign-in code" extra="Sent to your email. It is valid for 10 minutes.">
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="code"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: 'Enter the code.' }]}
                >
                  <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="login-code" />
                </Form.Item>
                <Button loading={resend.isPending} onClick={() => resend.mutate()} data-testid="login-resend">
                  Send a new code
                </Button>
              </Space.Compact>
            </Form.Item>
          )}
          {resend.isError && !isCodeRequired(resend.error) && (
            <FormError error={resend.error} testId="login-resend-error" />
          )}
          {login.isError && <FormError error={login.error} testId="login-error" />}
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            Sign in
          </Button>
        </Form>
      </Card>
    </main>
  );
}
