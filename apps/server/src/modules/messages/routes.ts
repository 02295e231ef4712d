import { adminApi, api } from '@app/contracts';
import type { Route } from '../../http/router.ts';
import type { ContactService, MessageService } from './service.ts';

export function messageRoutes(route: Route, services: { messages: MessageService; contact: ContactService }): void {
  const { messages, contact } = services;
  route(api.messages.list, (input, ctx) => messages.list(ctx.user.id, input, ctx.lang));
  route(api.messages.read, (_input, ctx) => messages.read(ctx.user.id, ctx.params.id));
  route(api.messages.readAll, (_input, ctx) => messages.readAll(ctx.user.id));
  route(api.contact.send, (input, ctx) => contact.send(ctx.user.id, input));
}

export function messageAdminRoutes(
  route: Route,
  services: { messages: MessageService; contact: ContactService },
): void {
  const { messages, contact } = services;
  const actor = (ctx: { admin: { id: number }; ip: string }) => ({ adminId: ctx.admin.id, ip: ctx.ip });
  route(adminApi.messages.broadcast, (input, ctx) => messages.broadcast(input, actor(ctx)));
  route(adminApi.messages.audience, async (input) => ({ count: await messages.audienceSize(input.audience) }));
  route(adminApi.messages.broadcasts, (input) => messages.broadcasts(input));
  route(adminApi.messages.inbox, (input) => contact.inbox(input));
  route(adminApi.messages.reply, (input, ctx) => contact.reply(ctx.params.id, input.reply, actor(ctx)));
  route(adminApi.messages.close, (_input, ctx) => contact.close(ctx.params.id, actor(ctx)));
}
