import { Card, Skeleton } from 'antd';

export function PageSkeleton() {
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}
