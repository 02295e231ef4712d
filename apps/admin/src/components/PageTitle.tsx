import { Space, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';

/** The page heading; also sets the document title. */
export function PageTitle({
  children,
  extra,
  subtitle,
}: {
  children: string;
  extra?: ReactNode;
  subtitle?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${children} · Back office`;
  }, [children]);
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} align="start" wrap>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {children}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra}
    </Space>
  );
}
