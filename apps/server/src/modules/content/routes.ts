import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { CommentService } from './comments.ts';
import type { ContentService } from './service.ts';

interface Services {
  content: ContentService;
  comments: CommentService;
}

export function contentRoutes(route: Route, { content, comments }: Services): void {
  route(api.content.banners, (_input, ctx) => content.banners(ctx.lang));
  route(api.content.notices, (_input, ctx) => content.notices(ctx.lang));
  route(api.content.news, (input, ctx) => content.news(input, ctx.lang));
  route(api.content.newsItem, (_input, ctx) => content.newsItem(ctx.params.id, ctx.lang));
  route(api.content.guideTypes, (_input, ctx) => content.guideTypes(ctx.lang));
  route(api.content.guides, (input, ctx) => content.guides(input, ctx.lang));
  route(api.content.guide, (_input, ctx) => content.guide(ctx.params.id, ctx.lang));
  route(api.content.honors, (input, ctx) => content.honors(input, ctx.lang));
  route(api.content.honor, (_input, ctx) => content.honor(ctx.params.id, ctx.lang));
  route(api.content.page, (_input, ctx) => content.page(ctx.params.slug, ctx.lang));
  route(api.content.posts, (input, ctx) => content.posts(input, ctx.lang));
  route(api.content.post, (_input, ctx) => content.post(ctx.params.id, ctx.lang));
  route(api.content.comments, (input, ctx) => comments.list(ctx.params.id, input, ctx.user?.id));
  route(api.content.comment, (input, ctx) => comments.create(ctx.user.id, ctx.params.id, input));
}

export function contentAdminRoutes(route: Route, { content, comments }: Services): void {
  const actor = (ctx: { admin: { id: number }; ip: string }) => ({ adminId: ctx.admin.id, ip: ctx.ip });
  route(adminApi.content.list, (input, ctx) => content.adminList(ctx.params.type, input.status));
  route(adminApi.content.get, (_input, ctx) => content.adminItem(ctx.params.type, ctx.params.id));
  route(adminApi.content.create, (input, ctx) => content.create(ctx.params.type, input, actor(ctx)));
  route(adminApi.content.update, (input, ctx) => content.update(ctx.params.type, ctx.params.id, input, actor(ctx)));
  route(adminApi.content.publish, (_input, ctx) => content.publish(ctx.params.type, ctx.params.id, actor(ctx)));
  route(adminApi.content.unpublish, (_input, ctx) => content.unpublish(ctx.params.type, ctx.params.id, actor(ctx)));
  route(adminApi.content.preview, (input) => content.preview(input.body));
  route(adminApi.content.comments, (input) => comments.queue(input));
  route(adminApi.content.approve, (_input, ctx) => comments.approve(ctx.params.id, actor(ctx)));
  route(adminApi.content.hide, (_input, ctx) => comments.hide(ctx.params.id, actor(ctx)));
}
