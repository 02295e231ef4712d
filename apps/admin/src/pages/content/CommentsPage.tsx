import {
  type AdminComment,
  adminApi,
  COMMENT_STATUS_LABELS,
  COMMENT_STATUSES,
  type CommentStatus,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Image, Segmented, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { call, errorText } from '../../api.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';

const COMMENTS_KEY = ['admin', 'comments'] as const;
const STATUS_COLORS: Record<CommentStatus, string> = { pending: 'gold', approved: 'green', hidden: 'default' };

const COMMENT_CSV: CsvColumn<AdminComment>[] = [
  { title: 'ID', value: (comment) => comment.id },
  { title: 'Post', value: (comment) => comment.postTitle },
  { title: 'Account', value: (comment) => comment.account },
  { title: 'Comment', value: (comment) => comment.content },
  { title: 'Images', value: (comment) => comment.images.join(' ') },
  { title: 'Status', value: (comment) => comment.status },
  { title: 'Created at', value: (comment) => comment.createdAt },
];

const isStatus = (value: string | null): value is CommentStatus =>
  (COMMENT_STATUSES as readonly string[]).includes(value ?? '');

/** The moderation queue: comments by status (awaiting review first), approved or hidden with one button. */
export function CommentsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw === 'all' ? undefined : isStatus(raw) ? raw : 'pending';

  const moderate = useMutation({
    mutationFn: ({ comment, to }: { comment: AdminComment; to: 'approve' | 'hide' }) =>
      call(to === 'approve' ? adminApi.content.approve : adminApi.content.hide, {}, { id: comment.id }),
    onSuccess: (comment) => {
      message.success(
        comment.status === 'approved' ? 'Approved: everyone sees it.' : 'Hidden: only its author sees it.',
      );
      void queryClient.invalidateQueries({ queryKey: COMMENTS_KEY });
    },
    onError: (error) => message.error(errorText(error)),
  });

  const columns: ColumnsType<AdminComment> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    { title: 'Post', key: 'post', render: (_, comment) => <Typography.Text>{comment.postTitle}</Typography.Text> },
    {
      title: 'User',
      key: 'user',
      render: (_, comment) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{comment.nickname}</Typography.Text>
          <Typography.Text type="secondary">{comment.account}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Comment',
      key: 'content',
      width: 360,
      // Plain text, always: React writes it as text, whatever markup it holds.
      render: (_, comment) => (
        <Space orientation="vertical" size={4}>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 4, expandable: true }}>
            {comment.content}
          </Typography.Paragraph>
          {comment.images.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap size={4}>
                {comment.images.map((src, index) => (
                  <Image
                    key={src}
                    src={src}
                    alt={`Image ${index + 1} of comment ${comment.id}`}
                    width={48}
                    height={48}
                    style={{ objectFit: 'cover' }}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
        </Space>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (value: CommentStatus) => <Tag color={STATUS_COLORS[value]}>{COMMENT_STATUS_LABELS[value].en}</Tag>,
    },
    { title: 'Written', dataIndex: 'createdAt', render: formatShortDateTime },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, comment) => {
        const busy = moderate.isPending && moderate.variables?.comment.id === comment.id;
        return (
          <Space>
            <Button
              size="small"
              type="primary"
              disabled={comment.status === 'approved'}
              loading={busy && moderate.variables?.to === 'approve'}
              onClick={() => moderate.mutate({ comment, to: 'approve' })}
              data-testid={`comment-approve-${comment.id}`}
            >
              Approve
            </Button>
            <Button
              size="small"
              danger
              disabled={comment.status === 'hidden'}
              loading={busy && moderate.variables?.to === 'hide'}
              onClick={() => moderate.mutate({ comment, to: 'hide' })}
              data-testid={`comment-hide-${comment.id}`}
            >
              Hide
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageTitle subtitle="Comments on posts. Under pre-moderation (Configuration → Comments) a comment waits here until approved; hidden ones stay visible to their author only.">
        Comments
      </PageTitle>
      <PagedTable<AdminComment>
        queryKey={[...COMMENTS_KEY, status ?? 'all']}
        load={({ cursor, limit }) => call(adminApi.content.comments, { status, cursor, limit })}
        columns={columns}
        rowKey="id"
        rowTestId="comment-row"
        csv={{ name: 'comments', columns: COMMENT_CSV }}
        emptyText={status === 'pending' ? 'No comment awaits review.' : 'No comments here.'}
        toolbar={
          <Segmented<string>
            aria-label="Comment status"
            value={status ?? 'all'}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              next.set('status', value);
              setParams(next, { replace: true });
            }}
            options={[
              ...COMMENT_STATUSES.map((value) => ({ value, label: COMMENT_STATUS_LABELS[value].en })),
              { value: 'all', label: 'All' },
            ]}
            data-testid="comment-status-filter"
          />
        }
      />
    </>
  );
}
