import {
  type AdminContentItem,
  adminApi,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  type ContentType,
  PAGE_SLUG_LABELS,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Image, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { call, errorText } from '../../api.ts';
import { ListActions } from '../../components/ListActions.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { WholeListTable } from '../../components/WholeListTable.tsx';
import { formatShortDateTime } from '../../lib/format.ts';
import { ContentDrawer } from './ContentDrawer.tsx';
import { CONTENT_CSV, fallbackLanguages, hasField } from './contentForm.ts';

const contentKey = (type: ContentType) => ['admin', 'content', type] as const;

const isContentType = (value: string | undefined): value is ContentType =>
  (CONTENT_TYPES as readonly string[]).includes(value ?? '');

/** The content section: one tab per type, its items with publish and unpublish, an editor drawer. */
export function ContentPage() {
  const { type } = useParams();
  if (!isContentType(type)) return <Navigate to="/content/news" replace />;
  return <ContentList type={type} key={type} />;
}

function ContentList({ type }: { type: ContentType }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminContentItem | 'new' | null>(null);
  const query = useQuery({ queryKey: contentKey(type), queryFn: () => call(adminApi.content.list, {}, { type }) });
  const rows = query.data ?? [];
  const guideTypes = useQuery({
    queryKey: contentKey('guideTypes'),
    queryFn: () => call(adminApi.content.list, {}, { type: 'guideTypes' }),
    enabled: type === 'guides',
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });

  const publish = useMutation({
    mutationFn: (item: AdminContentItem) =>
      call(
        item.status === 'published' ? adminApi.content.unpublish : adminApi.content.publish,
        {},
        { type, id: item.id },
      ),
    onSuccess: (item) => {
      message.success(
        item.status === 'published' ? 'Published: users see it now.' : 'Unpublished: users no longer see it.',
      );
      void refresh();
    },
    onError: (error) => message.error(errorText(error)),
  });

  const columns: ColumnsType<AdminContentItem> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    {
      title: 'Title',
      key: 'title',
      render: (_, item) => {
        const missing = fallbackLanguages(item.title);
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{item.title.en}</Typography.Text>
            {item.slug && <Typography.Text type="secondary">{PAGE_SLUG_LABELS[item.slug].en}</Typography.Text>}
            {item.typeId !== null && (
              <Typography.Text type="secondary">
                {guideTypes.data?.find((guideType) => guideType.id === item.typeId)?.title.en ?? `Type ${item.typeId}`}
              </Typography.Text>
            )}
            {missing.length > 0 && (
              <Typography.Text type="warning">English shown in: {missing.join(', ')}</Typography.Text>
            )}
          </Space>
        );
      },
    },
    ...(hasField(type, 'image')
      ? [
          {
            title: 'Image',
            key: 'image',
            render: (_: unknown, item: AdminContentItem) =>
              item.image ? (
                <Image src={item.image} alt={item.title.en} width={100} height={40} style={{ objectFit: 'cover' }} />
              ) : (
                '—'
              ),
          },
        ]
      : []),
    ...(hasField(type, 'sort') ? [{ title: 'Order', dataIndex: 'sort', align: 'right' as const }] : []),
    ...(type === 'posts'
      ? [
          {
            title: 'Comments',
            key: 'comments',
            align: 'right' as const,
            render: (_: unknown, item: AdminContentItem) => `${item.comments}${item.commentsOpen ? '' : ' (closed)'}`,
          },
        ]
      : []),
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: AdminContentItem['status']) => (
        <Tag color={status === 'published' ? 'green' : 'default'}>{status === 'published' ? 'Published' : 'Draft'}</Tag>
      ),
    },
    { title: 'Published', dataIndex: 'publishedAt', render: formatShortDateTime },
    { title: 'Updated', dataIndex: 'updatedAt', render: formatShortDateTime },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, item) => (
        <Space>
          <Button size="small" onClick={() => setEditing(item)} data-testid={`content-edit-${item.id}`}>
            Edit
          </Button>
          <Button
            size="small"
            loading={publish.isPending && publish.variables?.id === item.id}
            onClick={() => publish.mutate(item)}
            data-testid={`content-${item.status === 'published' ? 'unpublish' : 'publish'}-${item.id}`}
          >
            {item.status === 'published' ? 'Unpublish' : 'Publish'}
          </Button>
        </Space>
      ),
    },
  ];

  const label = CONTENT_TYPE_LABELS[type].en;
  return (
    <>
      <PageTitle
        subtitle="What users read, in six languages side by side; a language left empty shows the English text. Rich text is sanitized when saved."
        extra={
          <ListActions
            rows={rows}
            refresh={{ run: () => query.refetch(), busy: query.isRefetching }}
            csv={{ name: `content-${type}`, columns: CONTENT_CSV, testId: 'content-export' }}
            create={{ label: 'New', onClick: () => setEditing('new'), testId: 'content-create' }}
          />
        }
      >
        {`Content: ${label}`}
      </PageTitle>
      <Tabs
        activeKey={type}
        onChange={(key) => navigate(`/content/${key}`)}
        items={CONTENT_TYPES.map((key) => ({ key, label: CONTENT_TYPE_LABELS[key].en }))}
        data-testid="content-types"
      />
      <WholeListTable<AdminContentItem>
        query={query}
        rows={rows}
        rowKey="id"
        columns={columns}
        rowAttributes={(item) => ({ 'data-testid': 'content-row', 'data-id': item.id })}
        emptyText={`No ${label.toLowerCase()} yet. Create the first one.`}
      />
      <ContentDrawer
        type={type}
        open={editing !== null}
        item={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(text) => {
          message.success(text);
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}
