import { COMMENT_STATUS_LABELS, type Post, type UserComment } from '@app/contracts';
import { Button, Image, ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { useSession } from '../../store/session';
import { ArticleListScreen, ArticleView, DetailState, RelativeTime } from './ContentViews';
import { CONTENT_PATHS, idParam, withId } from './contentPaths';
import { contentKeys, useItem } from './useContent';

/** pagesB/home/posts: published posts, newest first, with their comment counts. */
export function PostsPage() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <ArticleListScreen
      title={t('content.posts.title')}
      testId="post"
      queryKey={contentKeys.posts(language)}
      fetchPage={(cursor) => call(api.content.posts, { cursor })}
      itemPath={(item) => withId(CONTENT_PATHS.post, item.id)}
      extra={(item) => (
        <span className="muted small" data-testid="post-comment-count">
          {t('content.posts.commentCount', { count: item.comments })}
        </span>
      )}
      emptyTitle={t('content.posts.empty')}
      emptyHint={t('content.posts.emptyHint')}
    />
  );
}

/**
 * A comment as everyone reads it: the user's words as text (React escapes them; never HTML), its
 * images, and for its author a comment still awaiting review or hidden says so.
 */
export function CommentItem({ comment }: { comment: UserComment }) {
  const language = useSession((s) => s.language);
  const name = comment.nickname || '?';
  return (
    <div className="card comment" data-testid={`comment-${comment.id}`} data-status={comment.status}>
      <div className="comment-head">
        {comment.avatar ? (
          <img className="comment-avatar" src={comment.avatar} alt="" />
        ) : (
          <span className="comment-avatar initials" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="comment-who">
          <span className="comment-name ellipsis">{name}</span>
          <RelativeTime value={comment.createdAt} />
        </span>
        {comment.status === 'approved' ? null : (
          <span className={`badge comment-status ${comment.status}`} data-testid="comment-status">
            {COMMENT_STATUS_LABELS[comment.status][language]}
          </span>
        )}
      </div>
      <p className="comment-text" data-testid="comment-text">
        {comment.content}
      </p>
      {comment.images.length > 0 ? (
        <div className="comment-images">
          {comment.images.map((src, index) => (
            <Image
              key={src}
              src={src}
              fit="cover"
              lazy
              className="comment-image"
              onClick={() => ImageViewer.Multi.show({ images: comment.images, defaultIndex: index })}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The post, then what a reader may do: write a comment, or read that comments are closed. */
function PostHeader({ post }: { post: Post }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  return (
    <>
      <div className="card">
        <ArticleView article={post} testId="post-article" />
      </div>
      <div className="section-title with-link comments-title">
        <span data-testid="post-comments-title">{t('content.posts.commentCount', { count: post.comments })}</span>
      </div>
      {post.commentsOpen ? (
        <Button
          block
          color="primary"
          fill="outline"
          className="comment-write"
          onClick={() => navigate(withId(CONTENT_PATHS.comment, post.id, 'postId'))}
          data-testid="post-write-comment"
        >
          {token ? t('content.posts.write') : t('content.posts.signInToComment')}
        </Button>
      ) : (
        <p className="note" data-testid="post-comments-closed">
          {t('content.posts.closed')}
        </p>
      )}
    </>
  );
}

/** pagesB/home/postDetails?id=: the post and its comments, pulled to refresh together. */
export function PostDetailPage() {
  const { t } = useTranslation();
  const id = idParam(useSearchParams()[0].get('id'));
  const query = useItem('post', id);
  const token = useSession((s) => s.token);
  return (
    <Page title={t('content.posts.title')} padded={false} testId="post-detail-page">
      {id === null || !query.data ? (
        <div className="padded">
          <DetailState query={query} invalid={id === null} listPath={CONTENT_PATHS.posts}>
            {() => null}
          </DetailState>
        </div>
      ) : (
        <InfiniteList
          // The viewer's own pending comments are in the answer: a new session asks again.
          queryKey={[...contentKeys.comments(id), token !== '']}
          fetchPage={(cursor) => call(api.content.comments, { cursor }, { id })}
          itemKey={(comment) => comment.id}
          renderItem={(comment) => <CommentItem comment={comment} />}
          emptyTitle={t('content.posts.noComments')}
          emptyHint={t('content.posts.noCommentsHint')}
          header={<PostHeader post={query.data} />}
          onRefresh={() => query.refetch()}
          testId="post-comments"
        />
      )}
    </Page>
  );
}
