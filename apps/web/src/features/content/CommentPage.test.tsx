// @vitest-environment jsdom
import { ERRORS, type Post, type UserComment } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { api } from '../../api/routes';
import { i18nReady } from '../../i18n';
import { renderAntdWithCreateRoot } from '../../lib/antdRender';
import { cleanupPage, renderPage } from '../../test/renderPage';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

const callMock = vi.fn();
const uploadMock = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  call: (...args: unknown[]) => callMock(...args),
}));
vi.mock('../../api/upload', () => ({ uploadImage: (file: File) => uploadMock(file) }));

const { default: CommentPage } = await import('./CommentPage');
const { CommentItem } = await import('./PostPages');

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

const post: Post = {
  id: 7,
  title: 'How I earn with two machines',
  summary: '',
  image: '',
  publishedAt: '2026-11-20T10:00:00Z',
  body: '<p>Body</p>',
  commentsOpen: true,
  comments: 0,
};

function comment(overrides: Partial<UserComment> = {}): UserComment {
  return {
    id: 1,
    postId: 7,
    nickname: 'Ada',
    avatar: '',
    content: 'Nice',
    images: [],
    status: 'approved',
    mine: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The composer at /pagesB/home/comment?postId=7; the post screen it returns to shows a marker. */
function renderComposer(answers: { post?: Post; comment?: () => Promise<UserComment> } = {}) {
  callMock.mockImplementation((endpoint: unknown) => {
    if (endpoint === api.content.post) return Promise.resolve(answers.post ?? post);
    if (endpoint === api.content.comment) return (answers.comment ?? (() => Promise.resolve(comment())))();
    throw new Error('unexpected call');
  });
  renderPage(
    <Routes>
      <Route path="/pagesB/home/comment" element={<CommentPage />} />
      <Route path="/pagesB/home/postDetails" element={<div data-testid="post-screen" />} />
    </Routes>,
    { path: '/pagesB/home/comment?postId=7' },
  );
}

function commentCalls() {
  return callMock.mock.calls.filter(([endpoint]) => endpoint === api.content.comment);
}

async function type(text: string) {
  const input = (await screen.findByTestId('comment-input')).querySelector('textarea')!;
  fireEvent.change(input, { target: { value: text } });
}

describe('a comment shows as text, never as markup', () => {
  afterEach(cleanup);

  it('shows <img onerror> and <script> as the characters the user typed, creating no element', () => {
    render(
      <MemoryRouter>
        <CommentItem comment={comment({ content: HOSTILE })} />
      </MemoryRouter>,
    );
    const text = screen.getByTestId('comment-text');
    expect(text.textContent).toBe(HOSTILE);
    expect(text.querySelector('img, script')).toBeNull();
  });

  it("tells the author that their comment awaits review; others' approved comments carry no label", () => {
    render(
      <MemoryRouter>
        <CommentItem comment={comment({ id: 1, status: 'pending', mine: true })} />
        <CommentItem comment={comment({ id: 2 })} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('comment-1').querySelector('[data-testid="comment-status"]')?.textContent).toBe(
      'Awaiting review',
    );
    expect(screen.getByTestId('comment-2').querySelector('[data-testid="comment-status"]')).toBeNull();
  });
});

describe('the comment composer', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the uploader previews a picked file with one.
    URL.createObjectURL = () => 'blob:preview';
    renderAntdWithCreateRoot();
  });
  afterEach(() => {
    cleanupPage(callMock, uploadMock);
    vi.restoreAllMocks();
  });

  it('requires a comment: nothing is sent while it is empty or blank', async () => {
    renderComposer();
    await type('   ');
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect((await screen.findByTestId('comment-error')).textContent).toBe(ERRORS.COMMENT_REQUIRED.msg.en);
    expect(commentCalls()).toHaveLength(0);
  });

  it('sends the text and the uploaded images, then goes back to the post', async () => {
    uploadMock.mockResolvedValue('/media/0123456789abcdef0123456789abcdef.jpg');
    renderComposer({ comment: () => Promise.resolve(comment({ status: 'pending', mine: true })) });
    await type('Paid on time');
    const picker = screen.getByTestId('comment-images').querySelector('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(picker, { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    });
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('comment-images').querySelectorAll('img').length).toBe(1));
    fireEvent.click(screen.getByTestId('comment-submit'));
    await screen.findByTestId('post-screen');
    expect(commentCalls()[0]?.slice(1, 3)).toEqual([
      { content: 'Paid on time', images: ['/media/0123456789abcdef0123456789abcdef.jpg'] },
      { id: 7 },
    ]);
  });

  it('says "Upload image failed" when an image is refused, and keeps it out of the comment', async () => {
    uploadMock.mockRejectedValue(new ApiError(ERRORS.INTERNAL.code, 'refused', 'business'));
    // The uploader logs a failed upload on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderComposer();
    await type('With a picture');
    const picker = (await screen.findByTestId('comment-images')).querySelector('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(picker, { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    });
    expect((await screen.findByTestId('comment-error')).textContent).toBe('Upload image failed');
    fireEvent.click(screen.getByTestId('comment-submit'));
    await waitFor(() => expect(commentCalls()).toHaveLength(1));
    expect(commentCalls()[0]?.[1]).toEqual({ content: 'With a picture', images: [] });
  });

  it('says "Save failed" with the server\'s reason and stays on the form', async () => {
    renderComposer({
      comment: () =>
        Promise.reject(new ApiError(ERRORS.COMMENTS_CLOSED.code, ERRORS.COMMENTS_CLOSED.msg.en, 'business')),
    });
    await type('Too late');
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect((await screen.findByTestId('comment-error')).textContent).toBe(
      `Save failed: ${ERRORS.COMMENTS_CLOSED.msg.en}`,
    );
    expect(screen.queryByTestId('post-screen')).toBeNull();
  });

  it('cannot publish on a post whose comments are closed', async () => {
    renderComposer({ post: { ...post, commentsOpen: false } });
    await screen.findByTestId('comment-closed');
    expect((screen.getByTestId('comment-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
