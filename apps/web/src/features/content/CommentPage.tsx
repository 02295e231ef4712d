import { COMMENT_MAX_IMAGES, COMMENT_MAX_LENGTH, api as endpoints } from '@app/contracts';
import { Button, ImageUploader, type ImageUploadItem, Toast } from 'antd-mobile';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api';
import { api } from '../../api/routes';
import { uploadImage } from '../../api/upload';
import { Field, FormError, TextAreaInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { queryClient } from '../../lib/queryClient';
import { errorMessage, refusalOf, validate } from '../../lib/validate';
import { useSession } from '../../store/session';
import { DetailState } from './ContentViews';
import { CONTENT_PATHS, idParam, withId } from './contentPaths';
import { contentKeys, useItem } from './useContent';

/** The server's refusals that are about what was written (closed comments, too many: the form's). */
const CONTENT_REFUSALS = {
  COMMENT_REQUIRED: 'content',
  COMMENT_TOO_LONG: 'content',
  TEXT_UNSTORABLE: 'content',
} as const;

/**
 * pagesB/home/comment?postId=: a comment (required, plain text) with up to nine images. Images
 * upload as they are picked; publishing sends their URLs.
 */
export default function CommentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const postId = idParam(useSearchParams()[0].get('postId'));
  const post = useItem('post', postId);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const uploading = useRef(0);
  const errors = useFormErrors('comment-error', ['content']);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File): Promise<ImageUploadItem> => {
    uploading.current += 1;
    try {
      return { url: await uploadImage(file) };
    } catch (err) {
      errors.show(t('content.comment.uploadFailed'));
      throw err;
    } finally {
      uploading.current -= 1;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || postId === null) return;
    errors.clear();
    if (uploading.current > 0) return errors.show(t('content.comment.uploading'));
    const checked = validate(
      endpoints.content.comment.input,
      { content, images: images.map((image) => image.url) },
      language,
    );
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      const comment = await call(api.content.comment, checked.data, { id: postId }, { quiet: true });
      Toast.show({
        icon: 'success',
        content: comment.status === 'approved' ? t('content.comment.published') : t('content.comment.pending'),
      });
      void queryClient.invalidateQueries({ queryKey: contentKeys.comments(postId) });
      navigate(withId(CONTENT_PATHS.post, postId), { replace: true });
    } catch (err) {
      const reason = err instanceof ApiError && err.kind === 'business' ? `: ${err.msg}` : '';
      errors.show({ ...refusalOf(err, '', CONTENT_REFUSALS), message: `${t('content.comment.saveFailed')}${reason}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('content.comment.title')} testId="comment-page">
      <DetailState query={post} invalid={postId === null} listPath={CONTENT_PATHS.posts}>
        {(data) => (
          <form className="form" onSubmit={submit} noValidate>
            <p className="muted small comment-post-title" data-testid="comment-post-title">
              {data.title}
            </p>
            {data.commentsOpen ? null : (
              <p className="note" data-testid="comment-closed">
                {t('content.posts.closed')}
              </p>
            )}
            <Field label={t('content.comment.label')} {...errors.field('content')}>
              <TextAreaInput
                className="comment-input"
                data-testid="comment-input"
                placeholder={t('content.comment.placeholder')}
                value={content}
                onChange={(value) => {
                  setContent(value);
                  errors.clear();
                }}
                maxLength={COMMENT_MAX_LENGTH}
                showCount
                autoSize={{ minRows: 4, maxRows: 10 }}
              />
            </Field>
            <div className="field">
              <span className="field-label">
                {t('content.comment.images', { count: images.length, max: COMMENT_MAX_IMAGES })}
              </span>
              <ImageUploader
                value={images}
                onChange={setImages}
                upload={upload}
                accept="image/jpeg,image/png,image/webp"
                multiple
                maxCount={COMMENT_MAX_IMAGES}
                onCountExceed={() =>
                  Toast.show({
                    content: errorMessage('COMMENT_IMAGES_LIMIT', language, undefined, { max: COMMENT_MAX_IMAGES }),
                  })
                }
                data-testid="comment-images"
              />
              <span className="muted small">{t('content.comment.imagesHint', { max: COMMENT_MAX_IMAGES })}</span>
            </div>
            <FormError {...errors.form} />
            <Button
              block
              color="primary"
              size="large"
              type="submit"
              loading={busy}
              disabled={!data.commentsOpen}
              data-testid="comment-submit"
            >
              {t('content.comment.submit')}
            </Button>
          </form>
        )}
      </DetailState>
    </Page>
  );
}
