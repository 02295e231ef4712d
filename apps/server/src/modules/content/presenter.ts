import type {
  AdminComment,
  AdminContentItem,
  Article,
  ArticleSummary,
  Banner,
  CompanyPage,
  Guide,
  GuideSummary,
  GuideType,
  Language,
  Notice,
  Post,
  PostSummary,
  UserComment,
} from '@app/contracts';
import { localizedText } from '../products/presenter.ts';
import { maskAccount } from '../team/rules.ts';
import type { AdminCommentRow, CommentRow, ContentRow, CountedRow } from './repository.ts';

/*
 * Users read each text in their language, English where it is empty. `body` is HTML sanitized when
 * it was saved; titles, summaries and comments are plain text, for clients to show as text.
 */

const publishedAt = (row: ContentRow) => (row.publishedAt ?? row.createdAt).toISOString();

export function presentBanner(row: ContentRow, lang: Language): Banner {
  return { id: row.id, title: localizedText(row.title, lang), image: row.image, link: row.link };
}

export function presentNotice(row: ContentRow, lang: Language): Notice {
  return {
    id: row.id,
    title: localizedText(row.title, lang),
    body: localizedText(row.body, lang),
    publishedAt: publishedAt(row),
  };
}

export function presentGuideType(row: ContentRow, lang: Language): GuideType {
  return { id: row.id, title: localizedText(row.title, lang), image: row.image };
}

export function presentSummary(row: ContentRow, lang: Language): ArticleSummary {
  return {
    id: row.id,
    title: localizedText(row.title, lang),
    summary: localizedText(row.summary, lang),
    image: row.image,
    publishedAt: publishedAt(row),
  };
}

export function presentArticle(row: ContentRow, lang: Language): Article {
  return { ...presentSummary(row, lang), body: localizedText(row.body, lang) };
}

export function presentGuideSummary(row: ContentRow, lang: Language): GuideSummary {
  return { ...presentSummary(row, lang), typeId: row.typeId ?? 0 };
}

export function presentGuide(row: ContentRow, lang: Language): Guide {
  return { ...presentGuideSummary(row, lang), body: localizedText(row.body, lang) };
}

export function presentPostSummary(row: CountedRow, lang: Language): PostSummary {
  return { ...presentSummary(row, lang), commentsOpen: row.commentsOpen, comments: row.comments };
}

export function presentPost(row: CountedRow, lang: Language): Post {
  return { ...presentPostSummary(row, lang), body: localizedText(row.body, lang) };
}

export function presentPage(row: ContentRow, lang: Language): CompanyPage {
  return {
    title: localizedText(row.title, lang),
    body: localizedText(row.body, lang),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAdminItem(row: CountedRow): AdminContentItem {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    summary: row.summary,
    body: row.body,
    image: row.image,
    link: row.link,
    slug: row.slug,
    typeId: row.typeId,
    commentsOpen: row.commentsOpen,
    sort: row.sort,
    comments: row.comments,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentComment(row: CommentRow, viewerId: number | undefined): UserComment {
  return {
    id: row.id,
    postId: row.postId,
    nickname: row.nickname,
    avatar: row.avatar,
    content: row.content,
    images: row.images,
    status: row.status,
    mine: row.userId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A comment as content moderates it: its author by nickname and masked account, since content never
 * reads users' emails or phones (issue 29); the user's id opens them for the roles that serve users.
 */
export function presentAdminComment(row: AdminCommentRow): AdminComment {
  return {
    id: row.id,
    postId: row.postId,
    postTitle: localizedText(row.postTitle, 'en'),
    userId: row.userId,
    account: maskAccount(row.account),
    nickname: row.nickname,
    content: row.content,
    images: row.images,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}
