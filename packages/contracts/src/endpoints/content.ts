import { endpoint, idParams, integerKeyedPageQuery, noInput, page } from '../endpoint.ts';
import { LANGUAGES, type Language, type Translations } from '../languages.ts';
import { mediaUrl } from '../media.ts';
import { INTEGER_COLUMN_MAX, idField } from '../validation.ts';
import { z } from '../zod.ts';

/** What operators write in the back office's content section, one kind of item each. */
export const CONTENT_TYPES = [
  'news',
  'posts',
  'guides',
  'guideTypes',
  'honors',
  'pages',
  'banners',
  'notices',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Users see only published items; a draft is the operator's until published. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The company pages, one each, addressed by slug. */
export const PAGE_SLUGS = ['about', 'history', 'leadership', 'agreement', 'privacy'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/**
 * A comment awaiting review (pre-moderation), shown to everyone, or hidden by an operator. Only its
 * author sees a comment that is not approved.
 */
export const COMMENT_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** `pre`: a comment waits for an operator before anyone else sees it. `post`: shown at once, hidden if needed. */
export const MODERATION_MODES = ['pre', 'post'] as const;
export type ModerationMode = (typeof MODERATION_MODES)[number];

export const COMMENT_MAX_LENGTH = 500;
export const COMMENT_MAX_IMAGES = 9;
export const CONTENT_TITLE_MAX = 200;
export const CONTENT_SUMMARY_MAX = 1000;
/** Per language, as HTML: a long article with its markup, far below the request body limit six times over. */
export const CONTENT_BODY_MAX = 60_000;

/**
 * Every field an item may have. `text` and `rich` fields hold the six languages: `text` is plain
 * text (shown as text, never as HTML), `rich` is HTML the server sanitizes with its allow-list.
 */
export const CONTENT_FIELD_KINDS = {
  title: 'text',
  summary: 'text',
  body: 'rich',
  image: 'image',
  link: 'link',
  slug: 'slug',
  typeId: 'typeId',
  commentsOpen: 'switch',
  sort: 'sort',
} as const;
export type ContentField = keyof typeof CONTENT_FIELD_KINDS;
export type ContentFieldKind = (typeof CONTENT_FIELD_KINDS)[ContentField];
export const LOCALIZED_FIELDS = ['title', 'summary', 'body'] as const satisfies readonly ContentField[];
export type LocalizedField = (typeof LOCALIZED_FIELDS)[number];

interface FieldUse {
  field: ContentField;
  /** A required six-language field needs at least its English; the others fall back to it. */
  required: boolean;
}
const req = (field: ContentField): FieldUse => ({ field, required: true });
const opt = (field: ContentField): FieldUse => ({ field, required: false });

/** The fields each type has, in the editor's order; fields a type lacks are stored empty. */
export const CONTENT_FIELDS: Readonly<Record<ContentType, readonly FieldUse[]>> = {
  news: [req('title'), opt('summary'), req('body'), opt('image')],
  posts: [req('title'), opt('summary'), req('body'), opt('image'), opt('commentsOpen')],
  guides: [req('typeId'), req('title'), opt('summary'), req('body'), opt('image')],
  guideTypes: [req('title'), opt('image'), opt('sort')],
  honors: [req('title'), opt('summary'), opt('body'), opt('image')],
  pages: [req('slug'), req('title'), req('body')],
  banners: [req('title'), req('image'), opt('link'), opt('sort')],
  notices: [req('title'), opt('body'), opt('sort')],
};

/** Each content type's name and each field's label, as operators read them, in the six languages. */
export const CONTENT_TYPE_LABELS: Readonly<Record<ContentType, Translations>> = {
  news: { en: 'News', es: 'Noticias', fr: 'Actualités', vi: 'Tin tức', th: 'ข่าวสาร', zh: '新闻' },
  posts: { en: 'Posts', es: 'Publicaciones', fr: 'Publications', vi: 'Bài đăng', th: 'โพสต์', zh: '帖子' },
  guides: { en: 'Guides', es: 'Guías', fr: 'Guides', vi: 'Hướng dẫn', th: 'คู่มือ', zh: '攻略' },
  guideTypes: {
    en: 'Guide types',
    es: 'Tipos de guía',
    fr: 'Types de guide',
    vi: 'Loại hướng dẫn',
    th: 'ประเภทคู่มือ',
    zh: '攻略分类',
  },
  honors: { en: 'Honors', es: 'Honores', fr: 'Distinctions', vi: 'Vinh danh', th: 'เกียรติยศ', zh: '荣誉' },
  pages: { en: 'Pages', es: 'Páginas', fr: 'Pages', vi: 'Trang', th: 'หน้าเพจ', zh: '页面' },
  banners: { en: 'Banners', es: 'Banners', fr: 'Bannières', vi: 'Biểu ngữ', th: 'แบนเนอร์', zh: '轮播图' },
  notices: { en: 'Notices', es: 'Avisos', fr: 'Annonces', vi: 'Thông báo', th: 'ประกาศ', zh: '公告' },
};

export const CONTENT_FIELD_LABELS: Readonly<Record<ContentField, Translations>> = {
  title: { en: 'Title', es: 'Título', fr: 'Titre', vi: 'Tiêu đề', th: 'หัวข้อ', zh: '标题' },
  summary: { en: 'Summary', es: 'Resumen', fr: 'Résumé', vi: 'Tóm tắt', th: 'สรุป', zh: '摘要' },
  body: { en: 'Body', es: 'Contenido', fr: 'Contenu', vi: 'Nội dung', th: 'เนื้อหา', zh: '正文' },
  image: { en: 'Image', es: 'Imagen', fr: 'Image', vi: 'Hình ảnh', th: 'รูปภาพ', zh: '图片' },
  link: { en: 'Link', es: 'Enlace', fr: 'Lien', vi: 'Liên kết', th: 'ลิงก์', zh: '链接' },
  slug: { en: 'Page', es: 'Página', fr: 'Page', vi: 'Trang', th: 'หน้า', zh: '页面' },
  typeId: {
    en: 'Guide type',
    es: 'Tipo de guía',
    fr: 'Type de guide',
    vi: 'Loại hướng dẫn',
    th: 'ประเภทคู่มือ',
    zh: '攻略分类',
  },
  commentsOpen: {
    en: 'Comments open',
    es: 'Comentarios abiertos',
    fr: 'Commentaires ouverts',
    vi: 'Cho phép bình luận',
    th: 'เปิดให้แสดงความคิดเห็น',
    zh: '允许评论',
  },
  sort: { en: 'Order', es: 'Orden', fr: 'Ordre', vi: 'Thứ tự', th: 'ลำดับ', zh: '排序' },
};

export const PAGE_SLUG_LABELS: Readonly<Record<PageSlug, Translations>> = {
  about: { en: 'About us', es: 'Sobre nosotros', fr: 'À propos', vi: 'Về chúng tôi', th: 'เกี่ยวกับเรา', zh: '关于我们' },
  history: {
    en: 'Company history',
    es: 'Historia de la empresa',
    fr: "Histoire de l'entreprise",
    vi: 'Lịch sử công ty',
    th: 'ประวัติบริษัท',
    zh: '公司历史',
  },
  leadership: { en: 'Leadership', es: 'Dirección', fr: 'Direction', vi: 'Ban lãnh đạo', th: 'ผู้บริหาร', zh: '领导团队' },
  agreement: {
    en: 'User agreement',
    es: 'Acuerdo de usuario',
    fr: "Conditions d'utilisation",
    vi: 'Thỏa thuận người dùng',
    th: 'ข้อตกลงผู้ใช้',
    zh: '用户协议',
  },
  privacy: {
    en: 'Privacy policy',
    es: 'Política de privacidad',
    fr: 'Politique de confidentialité',
    vi: 'Chính sách quyền riêng tư',
    th: 'นโยบายความเป็นส่วนตัว',
    zh: '隐私政策',
  },
};

export const COMMENT_STATUS_LABELS: Readonly<Record<CommentStatus, Translations>> = {
  pending: {
    en: 'Awaiting review',
    es: 'En revisión',
    fr: 'En attente',
    vi: 'Đang chờ duyệt',
    th: 'รอตรวจสอบ',
    zh: '待审核',
  },
  approved: { en: 'Approved', es: 'Aprobado', fr: 'Approuvé', vi: 'Đã duyệt', th: 'อนุมัติแล้ว', zh: '已通过' },
  hidden: { en: 'Hidden', es: 'Oculto', fr: 'Masqué', vi: 'Đã ẩn', th: 'ซ่อนแล้ว', zh: '已隐藏' },
};

export const CONTENT_STATUS_LABELS: Readonly<Record<ContentStatus, Translations>> = {
  draft: { en: 'Draft', es: 'Borrador', fr: 'Brouillon', vi: 'Bản nháp', th: 'ฉบับร่าง', zh: '草稿' },
  published: { en: 'Published', es: 'Publicado', fr: 'Publié', vi: 'Đã đăng', th: 'เผยแพร่แล้ว', zh: '已发布' },
};

/** A six-language field as operators send it: every language present, empty where not written yet. */
function sixLanguages(max: number) {
  return z.object(
    Object.fromEntries(LANGUAGES.map((lang) => [lang, z.string().trim().max(max)])) as Record<Language, z.ZodString>,
  );
}
export const contentTitle = sixLanguages(CONTENT_TITLE_MAX);
export const contentSummary = sixLanguages(CONTENT_SUMMARY_MAX);
export const contentBody = sixLanguages(CONTENT_BODY_MAX);

/** A path inside the app ("/pagesB/home/news") or a web address; nothing a browser would run. */
export const contentLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^$|^\/(?!\/)\S*$|^https:\/\/\S+$/, { message: 'CONTENT_LINK_INVALID' });

/** An uploaded image, or none. */
export const contentImage = mediaUrl.or(z.literal(''));

/**
 * What an operator saves, for any type: `CONTENT_FIELDS` says which of these fields the type has
 * and which it requires (the server answers CONTENT_FIELD_REQUIRED naming the field).
 */
export const contentInput = z.object({
  title: contentTitle,
  summary: contentSummary.optional(),
  body: contentBody.optional(),
  image: contentImage.optional(),
  link: contentLink.optional(),
  slug: z.enum(PAGE_SLUGS).optional(),
  typeId: idField.optional(),
  commentsOpen: z.boolean().optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  /** Absent: a new item is a draft, a changed one keeps its status. */
  status: z.enum(CONTENT_STATUSES).optional(),
});
export type ContentInput = z.output<typeof contentInput>;

export const contentTypeParams = z.object({ type: z.enum(CONTENT_TYPES) });
export const contentItemParams = contentTypeParams.extend({
  id: z.coerce.number().int().positive().max(INTEGER_COLUMN_MAX),
});

const translations = z.object(
  Object.fromEntries(LANGUAGES.map((lang) => [lang, z.string()])) as Record<Language, z.ZodString>,
);

/** An item as the back office edits it: every language of every text field, and its state. */
export const adminContentItem = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  status: z.enum(CONTENT_STATUSES),
  title: translations,
  summary: translations,
  /** Sanitized HTML, per language, as stored. */
  body: translations,
  image: z.string(),
  link: z.string(),
  slug: z.enum(PAGE_SLUGS).nullable(),
  typeId: z.number().int().nullable(),
  commentsOpen: z.boolean(),
  sort: z.number().int(),
  /** Approved comments, for posts; 0 for the other types. */
  comments: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminContentItem = z.infer<typeof adminContentItem>;

/*
 * What users read: every text in the request's language, English where that language is empty.
 * `body` is sanitized HTML; `title` and `summary` are plain text.
 */
export const banner = z.object({ id: z.number().int(), title: z.string(), image: z.string(), link: z.string() });
export type Banner = z.infer<typeof banner>;

export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const articleSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  image: z.string(),
  publishedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;
export const article = articleSummary.extend({ body: z.string() });
export type Article = z.infer<typeof article>;

export const guideType = z.object({ id: z.number().int(), title: z.string(), image: z.string() });
export type GuideType = z.infer<typeof guideType>;
export const guideSummary = articleSummary.extend({ typeId: z.number().int() });
export type GuideSummary = z.infer<typeof guideSummary>;
export const guide = guideSummary.extend({ body: z.string() });
export type Guide = z.infer<typeof guide>;

export const postSummary = articleSummary.extend({
  commentsOpen: z.boolean(),
  /** Approved comments. */
  comments: z.number().int(),
});
export type PostSummary = z.infer<typeof postSummary>;
export const post = postSummary.extend({ body: z.string() });
export type Post = z.infer<typeof post>;

export const companyPage = z.object({ title: z.string(), body: z.string(), updatedAt: z.string() });
export type CompanyPage = z.infer<typeof companyPage>;

/** A comment as users read it: `content` is plain text, to be shown as text, never as HTML. */
export const userComment = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  /** Others see only approved comments; the author also sees their own pending or hidden ones. */
  status: z.enum(COMMENT_STATUSES),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type UserComment = z.infer<typeof userComment>;

export const commentInput = z.object({
  content: z
    .string({ message: 'COMMENT_REQUIRED' })
    .trim()
    .min(1, { message: 'COMMENT_REQUIRED' })
    .max(COMMENT_MAX_LENGTH, { message: 'COMMENT_TOO_LONG' }),
  images: z.array(mediaUrl).max(COMMENT_MAX_IMAGES, { message: 'COMMENT_IMAGES_LIMIT' }).default([]),
});
export type CommentInput = z.output<typeof commentInput>;

export const adminComment = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  /** The post's English title. */
  postTitle: z.string(),
  userId: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  status: z.enum(COMMENT_STATUSES),
  createdAt: z.string(),
  moderatedAt: z.string().nullable(),
});
export type AdminComment = z.infer<typeof adminComment>;

export const content = {
  banners: endpoint({
    method: 'GET',
    path: '/banners',
    access: 'public',
    summary: "Home's banners, in their order",
    input: noInput,
    output: z.array(banner),
  }),
  notices: endpoint({
    method: 'GET',
    path: '/notices',
    access: 'public',
    summary: "Home's notices, in their order",
    input: noInput,
    output: z.array(notice),
  }),
  news: endpoint({
    method: 'GET',
    path: '/news',
    access: 'public',
    summary: 'Published news, newest first',
    input: integerKeyedPageQuery,
    output: page(articleSummary),
  }),
  newsItem: endpoint({
    method: 'GET',
    path: '/news/:id',
    access: 'public',
    summary: 'One news item with its body',
    params: idParams,
    input: noInput,
    output: article,
  }),
  guideTypes: endpoint({
    method: 'GET',
    path: '/guides/types',
    access: 'public',
    summary: 'The guide types ("how to make money"), in their order',
    input: noInput,
    output: z.array(guideType),
  }),
  guides: endpoint({
    method: 'GET',
    path: '/guides',
    access: 'public',
    summary: "A guide type's published guides, newest first",
    input: integerKeyedPageQuery.extend({ typeId: z.coerce.number().int().positive().max(INTEGER_COLUMN_MAX) }),
    output: page(guideSummary),
  }),
  guide: endpoint({
    method: 'GET',
    path: '/guides/:id',
    access: 'public',
    summary: 'One guide with its body',
    params: idParams,
    input: noInput,
    output: guide,
  }),
  honors: endpoint({
    method: 'GET',
    path: '/honors',
    access: 'public',
    summary: "The company's published honors, newest first",
    input: integerKeyedPageQuery,
    output: page(articleSummary),
  }),
  honor: endpoint({
    method: 'GET',
    path: '/honors/:id',
    access: 'public',
    summary: 'One honor with its details',
    params: idParams,
    input: noInput,
    output: article,
  }),
  page: endpoint({
    method: 'GET',
    path: '/pages/:slug',
    access: 'public',
    summary: 'A company page (about us, history, leadership, user agreement, privacy policy)',
    params: z.object({ slug: z.enum(PAGE_SLUGS) }),
    input: noInput,
    output: companyPage,
  }),
  posts: endpoint({
    method: 'GET',
    path: '/posts',
    access: 'public',
    summary: 'Published posts, newest first, with their approved comments counted',
    input: integerKeyedPageQuery,
    output: page(postSummary),
  }),
  post: endpoint({
    method: 'GET',
    path: '/posts/:id',
    access: 'public',
    summary: 'One post with its body and whether comments are open',
    params: idParams,
    input: noInput,
    output: post,
  }),
  comments: endpoint({
    method: 'GET',
    path: '/posts/:id/comments',
    access: 'public',
    viewer: true,
    summary: "A post's approved comments, newest first, and the caller's own awaiting review",
    params: idParams,
    input: integerKeyedPageQuery,
    output: page(userComment),
  }),
  comment: endpoint({
    method: 'POST',
    path: '/posts/:id/comments',
    access: 'user',
    summary: 'Comment on a post (plain text, up to 9 images); pending until approved under pre-moderation',
    params: idParams,
    input: commentInput,
    output: userComment,
  }),
};

const CONTENT_ROLES = ['content'] as const;

export const contentAdmin = {
  list: endpoint({
    method: 'GET',
    path: '/content/:type',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: "Every item of a type, drafts included, in the users' order",
    params: contentTypeParams,
    input: z.object({ status: z.enum(CONTENT_STATUSES).optional() }),
    output: z.array(adminContentItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/content/:type/:id',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'One item with every language of every field',
    params: contentItemParams,
    input: noInput,
    output: adminContentItem,
  }),
  create: endpoint({
    method: 'POST',
    path: '/content/:type',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'Create an item; its rich text is sanitized with the allow-list before it is stored',
    params: contentTypeParams,
    input: contentInput,
    output: adminContentItem,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/content/:type/:id',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'Change an item (every field, as in create)',
    params: contentItemParams,
    input: contentInput,
    output: adminContentItem,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/content/:type/:id/publish',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'Show an item to users',
    params: contentItemParams,
    input: noInput,
    output: adminContentItem,
  }),
  unpublish: endpoint({
    method: 'POST',
    path: '/content/:type/:id/unpublish',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'Take an item back to draft: users no longer see it',
    params: contentItemParams,
    input: noInput,
    output: adminContentItem,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/contentPreview',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'Rich text as users will see it: sanitized with the same allow-list as a save, stored nowhere',
    input: z.object({ body: contentBody }),
    output: z.object({ body: translations }),
  }),
  comments: endpoint({
    method: 'GET',
    path: '/comments',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'The moderation queue: comments of a status (every status when none), newest first',
    input: integerKeyedPageQuery.extend({ status: z.enum(COMMENT_STATUSES).optional() }),
    output: page(adminComment),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/comments/:id/approve',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'Show a comment to everyone',
    params: idParams,
    input: noInput,
    output: adminComment,
  }),
  hide: endpoint({
    method: 'POST',
    path: '/comments/:id/hide',
    access: 'admin',
    roles: CONTENT_ROLES,
    summary: 'Hide a comment from everyone but its author',
    params: idParams,
    input: noInput,
    output: adminComment,
  }),
};
