import Skeleton from 'antd-mobile/es/components/skeleton';

/** A page's placeholder while it loads; apart from States.tsx, so the first screen has it without the error images. */
export function LoadingSkeleton({ lines = 4 }: { lines?: number }) {
  return (
    <div className="skeleton" data-testid="skeleton">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}
