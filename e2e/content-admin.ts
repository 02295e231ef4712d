import { adminApi, api } from '@app/contracts';
import { adminSignIn, type JourneyFn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import { expectCount, expectPath, expectText, fail } from './lib/harness.ts';

/** The back office's content section and comment moderation (docs/decisions.md, issue 14). */
export const contentAdminJourneys: Record<string, JourneyFn> = {
  'content (back office): write news in two languages with the editor, preview it sanitized, publish it': async (j) => {
    const title = `E2E news ${Date.now()}`;
    const page = await j.page('desktop');
    await adminSignIn(page);
    await page.getByTestId('nav-content').click();
    await expectPath(page, '/admin/content/news');
    await page.getByTestId('content-create').click();
    await page.getByTestId('content-form-title-en').fill(title);
    await page.getByTestId('content-form-title-fr').fill(`${title} (FR)`);
    const english = page.getByTestId('content-form-body-en');
    await english.click();
    await page.keyboard.type('Bold words ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('here');
    await page.getByTestId('content-form-body-preview').click();
    const preview = page.getByTestId('content-form-body-preview-html');
    await expectText(preview, 'Bold words here');
    if ((await preview.locator('strong').count()) !== 1) fail('the preview lost the bold text');
    await j.shot(page, 'editor');

    await page.getByTestId('content-form-body-tab-fr').click();
    await expectText(page.getByText('Preview in French (empty: English shown)'), 'English shown');
    await page.getByTestId('content-form-published').click();
    await page.getByTestId('content-save').click();
    const row = page.getByTestId('content-row').filter({ hasText: title });
    await expectCount(row, 1);
    await expectText(row, 'Published');
    await j.shot(page, 'list');

    const news = await j.api.call(api.content.news, { limit: 5 });
    const item = news.items.find((entry) => entry.title === title);
    if (!item) fail('the published news is not in the users’ list');
    const read = await j.api.call(api.content.newsItem, {}, { params: { id: item.id } });
    if (read.body !== '<p>Bold words <strong>here</strong></p>') fail(`stored body: ${read.body}`);

    await row.getByRole('button', { name: 'Unpublish' }).click();
    await expectText(row, 'Draft');
  },

  'content (back office): approve a comment awaiting review with the keyboard': async (j) => {
    const token = await j.api.adminLogin();
    await j.api.call(adminApi.admin.putConfig, { comment_moderation: 'pre' }, { token });
    const post = await j.api.call(
      adminApi.content.create,
      {
        title: { en: `E2E post ${Date.now()}`, es: '', fr: '', vi: '', th: '', zh: '' },
        body: { en: '<p>Say something.</p>', es: '', fr: '', vi: '', th: '', zh: '' },
        commentsOpen: true,
        status: 'published',
      },
      { token, params: { type: 'posts' } },
    );
    const user = await j.api.createUser(uniqueAccount('commenter'));
    const text = `<script>alert(1)</script> pending ${Date.now()}`;
    const comment = await j.api.call(
      api.content.comment,
      { content: text },
      { token: user.token, params: { id: post.id } },
    );

    const page = await j.page('desktop');
    await adminSignIn(page);
    await page.getByTestId('nav-comments').click();
    await expectPath(page, '/admin/comments');
    const row = page.getByTestId('comment-row').filter({ hasText: text });
    await expectCount(row, 1);
    await row.scrollIntoViewIfNeeded();
    await j.shot(page, 'queue');
    const approve = page.getByTestId(`comment-approve-${comment.id}`);
    await approve.focus();
    await page.keyboard.press('Enter');
    await expectCount(row, 0);
    const shown = await j.api.call(api.content.comments, {}, { params: { id: post.id } });
    if (shown.items[0]?.content !== text) fail('the approved comment is not shown to users as written');
  },
};
