import {
  adminApi,
  api,
  type ContentInput,
  type ContentType,
  LANGUAGES,
  type Language,
  UPLOAD_FILE_FIELD,
} from '@app/contracts';
import type { Page } from 'playwright-core';
import { adminSignIn, type JourneyFn, openTab, pickLanguage, signIn } from './journeys.ts';
import { type Api, uniqueAccount } from './lib/api.ts';
import { expectCount, expectPath, expectSettled, expectText, expectToast, fail, type Journey } from './lib/harness.ts';

/** What a hostile user or a careless operator might type: it must show as text or be stripped, never run. */
const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

/** A six-language field with the given languages written and the others left empty (they fall back to English). */
function languages(written: Partial<Record<Language, string>>): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, written[language] ?? ''])) as Record<
    Language,
    string
  >;
}

/** An operator publishes an item through the back-office API; its id. */
async function publish(api: Api, type: ContentType, input: Omit<ContentInput, 'status'>): Promise<number> {
  const item = await api.call(
    adminApi.content.create,
    { ...input, status: 'published' },
    { token: await api.adminLogin(), params: { type } },
  );
  return item.id;
}

/** Any alert, confirm or prompt a page opens is recorded: content must never run script. */
function watchDialogs(page: Page, seen: string[]): void {
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

function noDialogs(seen: string[]): void {
  if (seen.length > 0) fail(`content ran script: ${seen.join('; ')}`);
}

/** A PNG drawn by the page's canvas: a real image for the server to check and re-encode. */
async function png(page: Page, colour: string, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([fill, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 600;
      canvas.height = 250;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = fill;
      g.fillRect(0, 0, 600, 250);
      g.fillStyle = '#ffffff';
      g.font = 'bold 48px sans-serif';
      g.fillText(text, 40, 140);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    [colour, label] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** The page is no wider than the phone: nothing overflows sideways. */
async function fitsWidth(j: Journey, page: Page, width: number, step: string): Promise<void> {
  await page.setViewportSize({ width, height: 760 });
  const scrollWidth = await page.evaluate(() =>
    Math.max(...Array.from(document.querySelectorAll('.page-body, html')).map((el) => el.scrollWidth)),
  );
  if (scrollWidth > width) fail(`${step} is ${scrollWidth} px wide on a ${width} px phone`);
  await j.shot(page, `${step}-${width}`);
}

/** News, posts and comments, guides, honor and the company pages (docs/product.md#content). */
export const contentJourneys: Record<string, JourneyFn> = {
  'content: a news item published in English and French reads in each language, English where one is empty': async (
    j,
  ) => {
    const stamp = Date.now();
    const en = `Two new machines this week ${stamp}`;
    const fr = `Deux nouvelles machines cette semaine ${stamp}`;
    const dialogs: string[] = [];

    // The operator writes it in the back office: English and French, Spanish left empty.
    const admin = await j.page('desktop');
    watchDialogs(admin, dialogs);
    await adminSignIn(admin);
    await admin.getByTestId('nav-content').click();
    await expectPath(admin, '/admin/content/news');
    await admin.getByTestId('content-create').click();
    await expectSettled(admin.getByTestId('content-save'));
    await admin.getByTestId('content-form-title-en').fill(en);
    await admin.getByTestId('content-form-title-fr').fill(fr);
    await admin.getByTestId('content-form-summary-en').fill('The Turbo and the Solar miner.');
    await admin.getByTestId('content-form-summary-fr').fill('La Turbo et la mineuse solaire.');
    await admin.getByTestId('content-form-body-en').click();
    await admin.keyboard.type('The Turbo pays every hour.');
    await admin.getByTestId('content-form-body-tab-fr').click();
    await admin.getByTestId('content-form-body-fr').click();
    await admin.keyboard.type('La Turbo paie chaque heure.');
    await admin.getByTestId('content-form-published').click();
    await j.shot(admin, 'operator-writes');
    await admin.getByTestId('content-save').click();
    const row = admin.getByTestId('content-row').filter({ hasText: en });
    await row.waitFor();
    const id = Number((await row.getAttribute('data-id')) ?? fail('the new item has no id in the list'));

    const user = await j.api.createUser(uniqueAccount('news'));
    const page = await j.page();
    watchDialogs(page, dialogs);
    await signIn(page, user);
    await page.getByTestId('quick-news').click();
    await expectPath(page, '/pagesB/home/news');
    await expectText(page.getByTestId(`news-${id}`), en);
    await expectText(page.getByTestId(`news-${id}`), 'just now');
    await j.shot(page, 'list');
    await page.getByTestId(`news-${id}`).click();
    await expectPath(page, '/home/information');
    await expectText(page.getByTestId('article-title'), en);
    await expectText(page.getByTestId('article-body'), 'pays every hour');
    await fitsWidth(j, page, 390, 'detail-en');

    await page.goto('/mine/info');
    await pickLanguage(page, 'mine-language', 'fr');
    await page.goto(`/home/information?id=${id}`);
    await expectText(page.getByTestId('article-title'), fr);
    await expectText(page.getByTestId('article-body'), 'paie chaque heure');
    await expectText(page.getByTestId('article-time'), "à l'instant");
    await fitsWidth(j, page, 320, 'detail-fr');
    await page.goto('/home/info');
    await page.getByTestId('home-summary').waitFor();
    await fitsWidth(j, page, 320, 'home-fr');

    // Spanish was left empty: the English text stands in.
    await page.goto('/mine/info');
    await pickLanguage(page, 'mine-language', 'es');
    await page.goto('/pagesB/home/news');
    await expectText(page.getByTestId(`news-${id}`), en);
    await j.shot(page, 'list-es');
    await page.goto('/home/info');
    await page.getByTestId('home-summary').waitFor();
    await fitsWidth(j, page, 320, 'home-es');
    noDialogs(dialogs);
  },

  'content: a comment waits for moderation, its author sees it pending, then everyone reads it as text': async (j) => {
    const stamp = Date.now();
    const title = `Share your first week ${stamp}`;
    const postId = await publish(j.api, 'posts', {
      title: languages({ en: title }),
      body: languages({ en: '<p>Tell the others how your machines did.</p>' }),
      commentsOpen: true,
    });
    const author = await j.api.createUser(uniqueAccount('author'));
    const reader = await j.api.createUser(uniqueAccount('reader'));
    const words = `Paid on time ${stamp} ${HOSTILE}`;
    const dialogs: string[] = [];

    const page = await j.page();
    watchDialogs(page, dialogs);
    await signIn(page, author);
    await page.getByTestId('quick-posts').click();
    await expectPath(page, '/pagesB/home/posts');
    await expectText(page.getByTestId(`post-${postId}`), '0 comments');
    await page.getByTestId(`post-${postId}`).click();
    await expectPath(page, '/pagesB/home/postDetails');
    await page.getByTestId('list-empty').waitFor();
    await page.getByTestId('post-write-comment').click();
    await expectPath(page, '/pagesB/home/comment');
    await expectText(page.getByTestId('comment-post-title'), title);

    // A comment is required.
    await page.getByTestId('comment-submit').click();
    await expectText(page.getByTestId('comment-error'), 'Please write a comment.');
    await page.getByTestId('comment-input').locator('textarea').first().fill(words);
    const picker = page.getByTestId('comment-images');
    await picker
      .locator('input[type="file"]')
      .setInputFiles({ name: 'machine.png', mimeType: 'image/png', buffer: await png(page, '#0a6fb8', 'My machine') });
    await expectCount(picker.locator('.adm-image-uploader-cell img'), 1);
    await expectCount(picker.locator('.adm-image-uploader-cell-mask, .adm-image-uploader-cell-fail'), 0);
    await fitsWidth(j, page, 320, 'composer');
    await page.getByTestId('comment-submit').click();
    await expectToast(page, 'will appear once it has been reviewed');
    await expectPath(page, '/pagesB/home/postDetails');
    const mine = page.locator('[data-testid^="comment-"][data-status="pending"]');
    await expectText(mine.getByTestId('comment-status'), 'Awaiting review');
    await expectText(mine.getByTestId('comment-text'), words);
    if ((await mine.getByTestId('comment-text').locator('img, script').count()) > 0) fail('the comment became markup');
    await j.shot(page, 'pending-for-author');

    // Nobody else sees it before an operator approves it.
    const other = await j.page();
    watchDialogs(other, dialogs);
    await signIn(other, reader);
    await other.goto(`/pagesB/home/postDetails?id=${postId}`);
    await other.getByTestId('list-empty').waitFor();

    // The operator approves it in the back office, where it shows as text too.
    const commentId = ((await mine.getAttribute('data-testid')) ?? '').replace('comment-', '');
    const admin = await j.page('desktop');
    watchDialogs(admin, dialogs);
    await adminSignIn(admin);
    await admin.getByTestId('nav-comments').click();
    await expectPath(admin, '/admin/comments');
    const queued = admin.getByTestId('comment-row').filter({ hasText: `Paid on time ${stamp}` });
    await expectText(queued, words);
    await admin.getByTestId(`comment-approve-${commentId}`).click();
    await expectText(admin.locator('.ant-message'), 'Approved');
    await j.shot(admin, 'operator-approves');

    await other.reload();
    const approved = other.getByTestId(`comment-${commentId}`);
    await expectText(approved.getByTestId('comment-text'), words);
    await expectCount(approved.locator('.comment-images img'), 1);
    if ((await approved.getByTestId('comment-status').count()) > 0) fail('an approved comment still shows a status');
    await expectText(other.getByTestId('post-comments-title'), '1 comment');
    await fitsWidth(j, other, 390, 'approved');
    await fitsWidth(j, other, 320, 'approved');
    noDialogs(dialogs);
  },

  'content: markup in operator content is sanitized and plain-text fields show as text; nothing runs': async (j) => {
    const stamp = Date.now();
    const id = await publish(j.api, 'news', {
      title: languages({ en: `Safety first ${stamp} ${HOSTILE}` }),
      body: languages({
        en: `<p>Before</p>${HOSTILE}<p onclick="alert(3)">After</p><a href="javascript:alert(4)">link</a>`,
      }),
    });
    const page = await j.page();
    const dialogs: string[] = [];
    watchDialogs(page, dialogs);
    await page.goto(`/home/information?id=${id}`);
    await expectText(page.getByTestId('article-title'), `Safety first ${stamp} ${HOSTILE}`);
    const body = page.getByTestId('article-body');
    await expectText(body, 'After');
    const unsafe = await body.evaluate((node) => ({
      scripts: node.querySelectorAll('script').length,
      handlers: Array.from(node.querySelectorAll('*')).filter((el) =>
        Array.from(el.attributes).some((a) => a.name.startsWith('on')),
      ).length,
      javascriptLinks: Array.from(node.querySelectorAll('a')).filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
    }));
    if (unsafe.scripts + unsafe.handlers + unsafe.javascriptLinks > 0)
      fail(`the body kept runnable markup: ${JSON.stringify(unsafe)}`);
    await body.getByText('After').click();
    await page.getByTestId('article-title').click();
    await j.shot(page, 'sanitized');
    noDialogs(dialogs);
  },

  'content: home shows the banners and notices the operator publishes': async (j) => {
    const stamp = Date.now();
    const uploader = await j.api.createUser(uniqueAccount('banner'));
    const page = await j.page();
    await page.goto('/home/info');
    const images: string[] = [];
    for (const [colour, label] of [
      ['#0a6fb8', 'Turbo miner'],
      ['#0b8f6a', 'Invite and earn'],
    ] as const) {
      const file = new Blob([new Uint8Array(await png(page, colour, label))], { type: 'image/png' });
      const { url } = await j.api.call(
        api.uploads.image,
        {},
        { token: uploader.token, form: { purpose: 'image', [UPLOAD_FILE_FIELD]: file } },
      );
      images.push(url);
    }
    const banners = [
      await publish(j.api, 'banners', {
        title: languages({ en: `Turbo miner ${stamp}` }),
        image: images[0],
        link: '/pagesB/home/news',
        sort: -1_000_000,
      }),
      await publish(j.api, 'banners', {
        title: languages({ en: `Invite and earn ${stamp}` }),
        image: images[1],
        link: '/mine/inviteFriends',
        sort: -999_999,
      }),
    ];
    const notice = `Machines rest on Saturday ${stamp}`;
    await publish(j.api, 'notices', {
      title: languages({ en: notice }),
      body: languages({ en: '<p>Collect your income from Monday to Friday.</p>' }),
      sort: -1_000_000,
    });

    await page.reload();
    await page.getByTestId(`banner-${banners[0]}`).waitFor();
    await expectCount(page.locator(`[data-testid="banner-${banners[1]}"]`), 1);
    await expectText(page.getByTestId('home-notices'), notice);
    await fitsWidth(j, page, 390, 'home');
    await fitsWidth(j, page, 320, 'home');
    await page.getByTestId('home-notices').locator('.adm-notice-bar').click();
    await expectSettled(page.getByTestId('notices-dialog'));
    await expectText(page.getByTestId('notices-dialog'), 'Collect your income from Monday to Friday.');
    await j.shot(page, 'notices-320');
  },

  'content: guides by type, honor, about us and the sign-up agreement fit a 320 px phone': async (j) => {
    const stamp = Date.now();
    const typeId = await publish(j.api, 'guideTypes', { title: languages({ en: `Getting started ${stamp}` }) });
    const guideId = await publish(j.api, 'guides', {
      typeId,
      title: languages({ en: `Collect your income every weekday ${stamp}` }),
      summary: languages({ en: 'Income waits in the uncollected wallet until you collect it.' }),
      body: languages({
        en: '<h2>Why</h2><p>Machines rest at the weekend.</p><ul><li>Monday</li><li>Friday</li></ul>',
      }),
    });
    const honorId = await publish(j.api, 'honors', {
      title: languages({ en: `Best mining platform ${stamp}` }),
      body: languages({ en: '<p>Awarded by the miners of the year.</p>' }),
    });
    const page = await j.page();
    await page.goto('/home/info');
    await page.getByTestId('quick-guides').click();
    await expectPath(page, '/pagesB/home/guideTypes');
    await page.getByTestId(`guide-type-${typeId}`).click();
    await expectPath(page, '/pagesB/home/guides');
    await page.getByTestId(`guide-${guideId}`).click();
    await expectText(page.getByTestId('article-body'), 'Machines rest at the weekend.');
    await fitsWidth(j, page, 320, 'guide');

    await page.goto('/home/info');
    await page.getByTestId('quick-honor').click();
    await expectPath(page, '/pages/tabbar/honor/index');
    await page.getByTestId(`honor-${honorId}`).click();
    await expectPath(page, '/pagesB/honor/details');
    await expectText(page.getByTestId('article-title'), `Best mining platform ${stamp}`);
    await fitsWidth(j, page, 320, 'honor');

    await page.goto('/home/info');
    await openTab(page, 'contact', '/contactUs/info');
    await page.getByTestId('contact-about').click();
    await expectPath(page, '/contactUs/aboutUs');
    await page.getByTestId('about-history').waitFor();
    await fitsWidth(j, page, 320, 'about');

    await page.goto('/account/signUp');
    await page.getByTestId('signup-account').fill('keeps@example.com');
    await page.getByTestId('signup-privacy-link').click();
    await expectSettled(page.getByTestId('page-privacy-article'));
    await fitsWidth(j, page, 320, 'signup-privacy');
    await page.locator('.company-sheet .adm-popup-close-icon').click();
    if ((await page.getByTestId('signup-account').inputValue()) !== 'keeps@example.com')
      fail('reading the privacy policy lost what the user had typed');
  },
};
