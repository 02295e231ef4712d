import {
  type AdminRole,
  adminApi,
  api,
  COMMENT_MAX_IMAGES,
  type ContentType,
  type Endpoint,
  ERRORS,
  type InputOf,
  LANGUAGES,
  PAGE_SLUGS,
  SUCCESS_CODE,
  type Translations,
} from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoArticles } from '../src/demo-content.ts';
import { maskAccount } from '../src/modules/team/rules.ts';
import { signInOwner, signInAs as signInStaff, signUp } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

const NOW = '2026-11-27T09:00:00Z';
const HOUR = 3600;

let t: TestApp;
let owner: string;
let hours = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
// Each test in an hour of its own: sign-up limits per address and the comment window start afresh.
beforeEach(async () => {
  t.clock.set(new Date(Date.parse(NOW) + hours++ * HOUR * 1000));
  owner = await signInOwner(t);
});

const signInAs = (role: AdminRole) => signInStaff(t, owner, role);

/** A six-language text with English and, where given, other languages; the rest left empty. */
function text(en: string, others: Partial<Translations> = {}): Translations {
  return { ...(Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as Translations), en, ...others };
}

const image = (n: number) => `/media/${n.toString(16).padStart(32, '0')}.png`;

type Input = InputOf<typeof adminApi.content.create>;

async function create(type: ContentType, fields: Partial<Input> = {}, token = owner) {
  const input: Input = { title: text(`A ${type} item`), body: text('<p>Body</p>'), status: 'published', ...fields };
  return t.ok(adminApi.content.create, input, { token, params: { type } });
}

const createPost = (fields: Partial<Input> = {}) => create('posts', { commentsOpen: true, ...fields });

const comment = (token: string, id: number, content: string, images: string[] = [], lang?: string) =>
  t.call(api.content.comment, { content, images }, { token, params: { id }, lang });

const comments = async (id: number, token?: string) =>
  (await t.ok(api.content.comments, {}, { token, params: { id } })).items;

const setConfig = (patch: InputOf<typeof adminApi.admin.putConfig>) =>
  t.ok(adminApi.admin.putConfig, patch, { token: owner });

const refusal = (key: keyof typeof ERRORS, msg: string) => ({ code: ERRORS[key].code, msg, data: null });

describe('operators write in six languages; users read theirs, English where it is empty', () => {
  it('news reads in French where French is written and in English where Thai is empty', async () => {
    const news = await create('news', {
      title: text('Opening of the Lagos site', { fr: 'Ouverture du site de Lagos' }),
      summary: text('A new site.', { fr: 'Un nouveau site.' }),
      body: text('<p>English body</p>', { fr: '<p>Corps français</p>' }),
      image: image(1),
    });
    const french = await t.ok(api.content.newsItem, {}, { params: { id: news.id }, lang: 'fr' });
    expect(french).toEqual({
      id: news.id,
      title: 'Ouverture du site de Lagos',
      summary: 'Un nouveau site.',
      image: image(1),
      body: '<p>Corps français</p>',
      publishedAt: t.clock.now().toISOString(),
    });
    const thai = await t.ok(api.content.newsItem, {}, { params: { id: news.id }, lang: 'th' });
    expect(thai).toMatchObject({ title: 'Opening of the Lagos site', body: '<p>English body</p>' });
  });

  it("an editor's empty paragraph counts as empty, so that language falls back to English too", async () => {
    const news = await create('news', { body: text('<p>English body</p>', { vi: '<p></p>' }) });
    expect(
      (await t.ok(adminApi.content.get, {}, { token: owner, params: { type: 'news', id: news.id } })).body.vi,
    ).toBe('');
    const vietnamese = await t.ok(api.content.newsItem, {}, { params: { id: news.id }, lang: 'vi' });
    expect(vietnamese.body).toBe('<p>English body</p>');
  });

  it('a draft is not there for users until published, and gone again once unpublished', async () => {
    const draft = await create('news', { status: 'draft' });
    const params = { type: 'news' as const, id: draft.id };
    const read = () => t.call(api.content.newsItem, {}, { params: { id: draft.id } });
    expect(await read()).toEqual(
      refusal('CONTENT_NOT_FOUND', 'This content does not exist or is no longer published.'),
    );
    const published = await t.ok(adminApi.content.publish, {}, { token: owner, params });
    expect(published).toMatchObject({ status: 'published', publishedAt: t.clock.now().toISOString() });
    expect((await read()).code).toBe(SUCCESS_CODE);
    expect((await t.ok(adminApi.content.unpublish, {}, { token: owner, params })).status).toBe('draft');
    expect((await read()).code).toBe(ERRORS.CONTENT_NOT_FOUND.code);
  });

  it('a news list pages newest first and never shows drafts', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await create('news', { title: text(`Paged ${i}`) })).id);
    await create('news', { title: text('Hidden draft'), status: 'draft' });
    const first = await t.ok(api.content.news, { limit: 2 });
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const second = await t.ok(api.content.news, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items[0]?.id).toBe(ids[0]);
    expect([...first.items, ...second.items].some((item) => item.title === 'Hidden draft')).toBe(false);
  });

  it("a news item is not another type's: reading it as an honor or editing it as a post is refused", async () => {
    const news = await create('news');
    expect((await t.call(api.content.honor, {}, { params: { id: news.id } })).code).toBe(ERRORS.CONTENT_NOT_FOUND.code);
    const asPost = await t.call(
      adminApi.content.update,
      { title: text('x'), body: text('<p>x</p>') },
      {
        token: owner,
        params: { type: 'posts', id: news.id },
      },
    );
    expect(asPost.code).toBe(ERRORS.CONTENT_NOT_FOUND.code);
  });

  it('banners and notices come in the operator order', async () => {
    const later = await create('banners', {
      title: text('Second'),
      image: image(2),
      sort: 2,
      link: '/pagesB/home/news',
    });
    const first = await create('banners', { title: text('First'), image: image(3), sort: 1 });
    const banners = await t.ok(api.content.banners, {});
    const ours = banners.filter((banner) => [later.id, first.id].includes(banner.id));
    expect(ours).toEqual([
      { id: first.id, title: 'First', image: image(3), link: '' },
      { id: later.id, title: 'Second', image: image(2), link: '/pagesB/home/news' },
    ]);
    const notice = await create('notices', { title: text('Maintenance on Sunday', { zh: '周日维护' }), sort: -1 });
    const [top] = await t.ok(api.content.notices, {}, { lang: 'zh' });
    expect(top).toMatchObject({ id: notice.id, title: '周日维护' });
  });
});

describe('what an operator must fill in', () => {
  it('a required field left empty is refused, naming the field in the operator language', async () => {
    const noBody = { title: text('Title only'), body: text('') };
    expect(await t.call(adminApi.content.create, noBody, { token: owner, params: { type: 'news' } })).toEqual(
      refusal('CONTENT_FIELD_REQUIRED', 'Please fill in Body, at least in English.'),
    );
    expect(
      await t.call(adminApi.content.create, noBody, { token: owner, params: { type: 'news' }, lang: 'fr' }),
    ).toEqual(refusal('CONTENT_FIELD_REQUIRED', 'Veuillez renseigner Contenu, au moins en anglais.'));
    const frenchOnly = { title: text('', { fr: 'Titre' }), body: text('<p>x</p>') };
    expect((await t.call(adminApi.content.create, frenchOnly, { token: owner, params: { type: 'news' } })).code).toBe(
      ERRORS.CONTENT_FIELD_REQUIRED.code,
    );
    const bannerWithoutImage = await t.call(
      adminApi.content.create,
      { title: text('Banner') },
      {
        token: owner,
        params: { type: 'banners' },
      },
    );
    expect(bannerWithoutImage).toEqual(refusal('CONTENT_FIELD_REQUIRED', 'Please fill in Image, at least in English.'));
  });

  it('every text field carries all six languages: one missing is refused', async () => {
    const { zh: _zh, ...fiveLanguages } = text('Title');
    const answer = await t.call(
      adminApi.content.create,
      { title: fiveLanguages as Translations, body: text('<p>x</p>') },
      { token: owner, params: { type: 'news' } },
    );
    expect(answer.code).toBe(ERRORS.FIELD_REQUIRED.code);
  });

  it('a banner links only to a path of the app or an https address, and shows only our uploads', async () => {
    for (const link of ['javascript:alert(1)', '//evil.example.com', 'http://plain.example.com']) {
      const answer = await t.call(
        adminApi.content.create,
        { title: text('B'), image: image(4), link },
        {
          token: owner,
          params: { type: 'banners' },
        },
      );
      expect(answer.code, link).toBe(ERRORS.CONTENT_LINK_INVALID.code);
    }
    const foreign = await t.call(
      adminApi.content.create,
      { title: text('B'), image: 'https://evil.example.com/x.png' },
      {
        token: owner,
        params: { type: 'banners' },
      },
    );
    expect(foreign.code).toBe(ERRORS.UPLOAD_URL_INVALID.code);
    const ok = await create('banners', { image: image(5), link: 'https://example.com/promo' });
    expect(ok.link).toBe('https://example.com/promo');
  });

  it('fields a type does not have are not stored: a banner has no body, a notice no image', async () => {
    const banner = await create('banners', { image: image(6), body: text('<p>ignored</p>') });
    expect(banner.body.en).toBe('');
    const notice = await create('notices', { image: image(6) });
    expect(notice.image).toBe('');
  });
});

describe("operators' rich text is sanitized by the allow-list; comments stay plain text", () => {
  const ATTACK = '<img src=x onerror=alert(1)><script>alert(1)</script>';

  it('a body with an event handler, a script, a frame and a javascript: link is stored without them', async () => {
    const body = `<p onclick="alert(1)" style="color:red">Hello <a href="javascript:alert(1)">link</a></p>${ATTACK}<iframe src="https://evil.example.com"></iframe><p><img src="${image(7)}" alt="ok" onerror="alert(1)"></p>`;
    const news = await create('news', { body: text(body) });
    const stored = `<p>Hello <a rel="noopener noreferrer nofollow">link</a></p><p><img src="${image(7)}" alt="ok" /></p>`;
    expect(news.body.en).toBe(stored);
    expect((await t.ok(api.content.newsItem, {}, { params: { id: news.id } })).body).toBe(stored);
  });

  it('keeps what the editor writes: headings, emphasis, lists, quotes and links to https or the app', async () => {
    const body =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote><hr /><p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">out</a> <a href="/pagesB/home/news" rel="noopener noreferrer nofollow">in</a></p>';
    const news = await create('news', { body: text(body) });
    expect(news.body.en).toBe(body);
  });

  it('the preview answers the body exactly as a save would store it', async () => {
    const body = text(`<p>Preview</p>${ATTACK}`, { th: '<p></p>' });
    const { body: previewed } = await t.ok(adminApi.content.preview, { body }, { token: owner });
    const saved = await create('news', { body });
    expect(previewed).toEqual(saved.body);
    expect(previewed).toMatchObject({ en: '<p>Preview</p>', th: '' });
  });

  it('titles and summaries are plain text: stored and answered as written, for clients to show as text', async () => {
    const news = await create('news', { title: text(`Title ${ATTACK}`), summary: text(ATTACK) });
    const read = await t.ok(api.content.newsItem, {}, { params: { id: news.id } });
    expect(read).toMatchObject({ title: `Title ${ATTACK}`, summary: ATTACK });
  });

  it('a comment with markup is stored and answered as the same plain text, never as HTML', async () => {
    await setConfig({ comment_moderation: 'post' });
    const post = await createPost();
    const { token } = await signUp(t);
    const answer = await comment(token, post.id, ATTACK);
    expect(answer.code).toBe(SUCCESS_CODE);
    expect(answer.data.content).toBe(ATTACK);
    expect((await comments(post.id)).find((item) => item.id === answer.data.id)?.content).toBe(ATTACK);
    await setConfig({ comment_moderation: 'pre' });
  });
});

describe('company pages', () => {
  it('a page reads by its slug in the request language, and a second page of the same slug is refused', async () => {
    const privacy = await create('pages', {
      slug: 'privacy',
      title: text('Privacy policy', { es: 'Política de privacidad' }),
      body: text('<p>We keep little.</p>'),
    });
    const spanish = await t.ok(api.content.page, {}, { params: { slug: 'privacy' }, lang: 'es' });
    expect(spanish).toEqual({
      title: 'Política de privacidad',
      body: '<p>We keep little.</p>',
      updatedAt: privacy.updatedAt,
    });
    const again = await t.call(
      adminApi.content.create,
      { slug: 'privacy', title: text('x'), body: text('<p>x</p>') },
      {
        token: owner,
        params: { type: 'pages' },
      },
    );
    expect(again).toEqual(refusal('PAGE_EXISTS', 'This page already exists. Edit it instead.'));
    const edited = await t.ok(
      adminApi.content.update,
      { slug: 'privacy', title: text('Privacy'), body: text('<p>Changed.</p>') },
      { token: owner, params: { type: 'pages', id: privacy.id } },
    );
    expect(edited).toMatchObject({ status: 'published', title: { en: 'Privacy' } });
  });

  it('a page not written yet is not found', async () => {
    expect((await t.call(api.content.page, {}, { params: { slug: 'leadership' } })).code).toBe(
      ERRORS.CONTENT_NOT_FOUND.code,
    );
  });
});

describe('guides: types, then a type list, then a guide', () => {
  it('a guide belongs to an existing guide type and is listed under it', async () => {
    const type = await create('guideTypes', { title: text('Invite friends', { th: 'ชวนเพื่อน' }), sort: 1 });
    const guide = await create('guides', { typeId: type.id, title: text('Share your link') });
    expect((await t.ok(api.content.guideTypes, {}, { lang: 'th' })).find((item) => item.id === type.id)).toEqual({
      id: type.id,
      title: 'ชวนเพื่อน',
      image: '',
    });
    const list = await t.ok(api.content.guides, { typeId: type.id });
    expect(list.items.map((item) => [item.id, item.typeId])).toEqual([[guide.id, type.id]]);
    expect((await t.ok(api.content.guide, {}, { params: { id: guide.id } })).body).toBe('<p>Body</p>');
  });

  it('a guide naming no guide type is refused, and a type not published lists nothing', async () => {
    const answer = await t.call(
      adminApi.content.create,
      { typeId: 999_999, title: text('x'), body: text('<p>x</p>') },
      {
        token: owner,
        params: { type: 'guides' },
      },
    );
    expect(answer).toEqual(refusal('GUIDE_TYPE_NOT_FOUND', 'This guide type does not exist. Choose another one.'));
    const draftType = await create('guideTypes', { status: 'draft' });
    expect((await t.call(api.content.guides, { typeId: draftType.id })).code).toBe(ERRORS.CONTENT_NOT_FOUND.code);
  });
});

describe('comments on posts', () => {
  it('under pre-moderation a comment waits: only its author sees it until an operator approves it', async () => {
    await setConfig({ comment_moderation: 'pre' });
    const post = await createPost();
    const author = await signUp(t);
    const reader = await signUp(t);
    const mine = await t.ok(
      api.content.comment,
      { content: 'Great machine!' },
      { token: author.token, params: { id: post.id } },
    );
    expect(mine).toMatchObject({ status: 'pending', mine: true, content: 'Great machine!', images: [] });
    expect((await comments(post.id, author.token)).map((item) => item.id)).toEqual([mine.id]);
    expect(await comments(post.id, reader.token)).toEqual([]);
    expect(await comments(post.id)).toEqual([]);
    expect((await t.ok(api.content.post, {}, { params: { id: post.id } })).comments).toBe(0);

    const queue = await t.ok(adminApi.content.comments, { status: 'pending' }, { token: owner });
    // Content moderates comments but never reads users' emails or phones: the author's account is masked.
    expect(queue.items[0]).toMatchObject({
      id: mine.id,
      postId: post.id,
      userId: author.user.id,
      account: maskAccount(author.account),
      status: 'pending',
    });
    expect(queue.items[0]?.account).not.toBe(author.account);
    const approved = await t.ok(adminApi.content.approve, {}, { token: owner, params: { id: mine.id } });
    expect(approved).toMatchObject({ status: 'approved', moderatedAt: t.clock.now().toISOString() });
    expect(await comments(post.id, reader.token)).toMatchObject([{ id: mine.id, mine: false, status: 'approved' }]);
    expect((await t.ok(api.content.post, {}, { params: { id: post.id } })).comments).toBe(1);

    await t.ok(adminApi.content.hide, {}, { token: owner, params: { id: mine.id } });
    expect(await comments(post.id, reader.token)).toEqual([]);
    expect(await comments(post.id, author.token)).toMatchObject([{ id: mine.id, status: 'hidden' }]);
  });

  it('under post-moderation a comment shows at once', async () => {
    await setConfig({ comment_moderation: 'post' });
    const post = await createPost();
    const { token } = await signUp(t);
    const answer = await t.ok(api.content.comment, { content: 'Shown at once' }, { token, params: { id: post.id } });
    expect(answer.status).toBe('approved');
    expect((await comments(post.id)).map((item) => item.content)).toEqual(['Shown at once']);
    await setConfig({ comment_moderation: 'pre' });
  });

  it('a post with comments closed, a draft post and a missing post refuse comments', async () => {
    const { token } = await signUp(t);
    const closed = await createPost({ commentsOpen: false });
    expect(await comment(token, closed.id, 'Hello', [], 'fr')).toEqual(
      refusal('COMMENTS_CLOSED', 'Les commentaires sont fermés pour cette publication.'),
    );
    const draft = await createPost({ status: 'draft' });
    expect((await comment(token, draft.id, 'Hello')).code).toBe(ERRORS.CONTENT_NOT_FOUND.code);
    expect((await comment(token, 999_999, 'Hello')).code).toBe(ERRORS.CONTENT_NOT_FOUND.code);
  });

  it('a comment is required, at most 500 characters and 9 images, each one of our uploads', async () => {
    const post = await createPost();
    const { token } = await signUp(t);
    expect(await comment(token, post.id, '   ')).toEqual(refusal('COMMENT_REQUIRED', 'Please write a comment.'));
    expect((await comment(token, post.id, 'x'.repeat(501))).code).toBe(ERRORS.COMMENT_TOO_LONG.code);
    const ten = Array.from({ length: COMMENT_MAX_IMAGES + 1 }, (_, i) => image(100 + i));
    expect(await comment(token, post.id, 'Pictures', ten)).toEqual(
      refusal('COMMENT_IMAGES_LIMIT', 'A comment can have at most 9 images.'),
    );
    expect((await comment(token, post.id, 'Pictures', ['https://evil.example.com/a.png'])).code).toBe(
      ERRORS.UPLOAD_URL_INVALID.code,
    );
    const nine = ten.slice(0, COMMENT_MAX_IMAGES);
    const answer = await comment(token, post.id, 'Nine pictures', nine);
    expect(answer.data.images).toEqual(nine);
  });

  it('a user commenting past the limit is told how long to wait, and may comment once the window slides', async () => {
    await setConfig({ comment_rate_limit: 2, comment_rate_window_seconds: 60 });
    const post = await createPost();
    const { token } = await signUp(t);
    expect((await comment(token, post.id, 'one')).code).toBe(SUCCESS_CODE);
    t.clock.advance(10);
    expect((await comment(token, post.id, 'two')).code).toBe(SUCCESS_CODE);
    t.clock.advance(5);
    expect(await comment(token, post.id, 'three')).toEqual(
      refusal('COMMENT_RATE_LIMITED', 'You are commenting too often. Please try again in 45 seconds.'),
    );
    t.clock.advance(45);
    expect((await comment(token, post.id, 'three')).code).toBe(SUCCESS_CODE);
    await setConfig({ comment_rate_limit: 3, comment_rate_window_seconds: 60 });
  });
});

describe('the back office: roles and audit', () => {
  it('a content admin manages content and comments; support is refused them', async () => {
    const content = await signInAs('content');
    const news = await create('news', {}, content);
    expect(news.status).toBe('published');
    expect((await t.call(adminApi.content.comments, {}, { token: content })).code).toBe(SUCCESS_CODE);
    const support = await signInAs('support');
    const refused = await t.call(
      adminApi.content.create,
      { title: text('x'), body: text('<p>x</p>') },
      {
        token: support,
        params: { type: 'news' },
      },
    );
    expect(refused.code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    expect((await t.call(adminApi.content.comments, {}, { token: support })).code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
  });

  it('the content role reaches nothing that moves money: every write not granted to it is refused', async () => {
    const content = await signInAs('content');
    const refusedWrites = Object.values(adminApi)
      .flatMap((group) => Object.values(group) as Endpoint[])
      .filter((endpoint) => endpoint.method !== 'GET' && endpoint.roles && !endpoint.roles.includes('content'));
    const moneyMoving = [
      adminApi.products.adjust,
      adminApi.products.createProduct,
      adminApi.cash.approveWithdrawal,
      adminApi.cash.payWithdrawal,
      adminApi.cash.markPaid,
      adminApi.cash.bulkReview,
      adminApi.rank.settle,
      adminApi.vip.saveLevels,
      adminApi.draws.createCampaign,
      adminApi.draws.updateCampaign,
      adminApi.events.create,
      adminApi.events.update,
      adminApi.coupons.issue,
      adminApi.redeem.generate,
      adminApi.admin.putConfig,
    ];
    expect(moneyMoving.filter((endpoint) => !refusedWrites.includes(endpoint))).toEqual([]);
    for (const endpoint of refusedWrites) {
      const params = Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, '1']));
      const answer = await t.call(endpoint, {}, { token: content, params });
      expect(answer.code, `${endpoint.method} ${endpoint.path}`).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    }
  });

  it('writes an audit entry for every change: create, update, publish, unpublish and moderation', async () => {
    const item = await create('notices', { status: 'draft' });
    const params = { type: 'notices' as const, id: item.id };
    await t.ok(adminApi.content.update, { title: text('Changed'), sort: 3 }, { token: owner, params });
    await t.ok(adminApi.content.publish, {}, { token: owner, params });
    await t.ok(adminApi.content.unpublish, {}, { token: owner, params });
    const { items } = await t.ok(adminApi.admin.audit, { q: `notices:${item.id}` }, { token: owner });
    expect(items.map((entry) => entry.action)).toEqual([
      'content.unpublish',
      'content.publish',
      'content.update',
      'content.create',
    ]);
    expect(items[2]).toMatchObject({
      before: { title: { en: 'A notices item' } },
      after: { title: { en: 'Changed' }, sort: 3 },
    });

    const post = await createPost();
    const { token } = await signUp(t);
    const pending = await t.ok(api.content.comment, { content: 'Audit me' }, { token, params: { id: post.id } });
    await t.ok(adminApi.content.hide, {}, { token: owner, params: { id: pending.id } });
    const [hidden] = (await t.ok(adminApi.admin.audit, { q: `comment:${pending.id}` }, { token: owner })).items;
    expect(hidden).toMatchObject({
      action: 'comment.hide',
      before: { status: 'pending' },
      after: { status: 'hidden' },
    });
  });

  it('moderating a comment that does not exist is refused', async () => {
    expect(await t.call(adminApi.content.approve, {}, { token: owner, params: { id: 999_999 } })).toEqual(
      refusal('COMMENT_NOT_FOUND', 'This comment does not exist.'),
    );
  });
});

describe('the demo content of the trial', () => {
  it('fills every content screen in the six languages, the agreement and privacy policy in full', async () => {
    const demo = await createTestApp();
    try {
      await demo.services.admins.ensureOwner('owner@demo.example.com', 'owner-secret-1');
      await seedDemoArticles(demo);
      for (const lang of LANGUAGES) {
        const banners = await demo.ok(api.content.banners, {}, { lang });
        expect(banners).toHaveLength(3);
        expect((await demo.ok(api.content.notices, {}, { lang })).length).toBe(2);
        expect((await demo.ok(api.content.news, {}, { lang })).items.length).toBe(3);
        expect((await demo.ok(api.content.posts, {}, { lang })).items.every((post) => post.commentsOpen)).toBe(true);
        expect((await demo.ok(api.content.honors, {}, { lang })).items.length).toBe(2);
        const types = await demo.ok(api.content.guideTypes, {}, { lang });
        expect(types).toHaveLength(2);
        for (const type of types) {
          expect((await demo.ok(api.content.guides, { typeId: type.id }, { lang })).items).toHaveLength(2);
        }
        for (const slug of PAGE_SLUGS) {
          const page = await demo.ok(api.content.page, {}, { params: { slug }, lang });
          expect(page.title, `${slug} ${lang}`).not.toBe('');
          const paragraphs = page.body.match(/<p>/g)?.length ?? 0;
          expect(paragraphs, `${slug} ${lang}`).toBeGreaterThanOrEqual(
            slug === 'agreement' || slug === 'privacy' ? 5 : 2,
          );
        }
      }
      const item = await demo.ok(
        adminApi.content.list,
        {},
        {
          token: `Bearer ${(await demo.ok(adminApi.admin.login, { email: 'owner@demo.example.com', password: 'owner-secret-1' })).token}`,
          params: { type: 'pages' },
        },
      );
      const untranslated = item.flatMap((page) =>
        LANGUAGES.filter((lang) => lang !== 'en' && page.body[lang] === page.body.en).map(
          (lang) => `${page.slug} ${lang}`,
        ),
      );
      expect(untranslated).toEqual([]);
      const [banner] = await demo.ok(api.content.banners, {});
      const picture = await demo.app.inject({ method: 'GET', url: banner?.image ?? '' });
      expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/webp']);
    } finally {
      await demo.close();
    }
  });
});

if (!usingPostgres) {
  console.info('content.test.ts: the comment rate-limit race is skipped on PGlite; set TEST_DATABASE_URL to run it.');
  it.skip('parallel comments of one user (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('comments at once (PostgreSQL)', () => {
  it('12 parallel comments of one user under a limit of 3 store exactly 3', async () => {
    await setConfig({ comment_rate_limit: 3, comment_rate_window_seconds: 60, comment_moderation: 'post' });
    const post = await createPost();
    const { token } = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => comment(token, post.id, `racer ${i}`)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(3);
    expect(codes.filter((code) => code === ERRORS.COMMENT_RATE_LIMITED.code)).toHaveLength(9);
    expect(await comments(post.id)).toHaveLength(3);
    await setConfig({ comment_moderation: 'pre' });
  });
});
