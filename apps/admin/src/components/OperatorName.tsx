import { Space, Typography } from 'antd';

interface OperatorNameProps {
  /** The operator's name, as the server joined it; null for the system or nobody. */
  name: string | null;
  email?: string | null;
  /** What a row without an operator says. */
  none?: string;
  /** The email on a second line; otherwise on hover only. */
  withEmail?: boolean;
}

/** An operator as a list names them: their name (and email), never "admin #3". */
export function OperatorName({ name, email, none = 'system', withEmail = true }: OperatorNameProps) {
  if (!name) return <Typography.Text type="secondary">{none}</Typography.Text>;
  if (!withEmail || !email) return <span title={email ?? undefined}>{name}</span>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {email}
      </Typography.Text>
    </Space>
  );
}
