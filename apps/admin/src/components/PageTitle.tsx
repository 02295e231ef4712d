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
        {/* The page's one h1, at the size of antd's h2: the menu and header stand above it. */}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
          {children}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra}
    </Space>
  );
}
