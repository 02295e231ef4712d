// The endpoints grouped as the two APIs: apart from the index, so that a bundle which names only
// the contracts' constants, or the routes, holds none of their schemas (docs/decisions.md).
import type { Endpoint } from './endpoint.ts';
import { admin } from './endpoints/admin.ts';
import { cash, cashAdmin } from './endpoints/cash.ts';
import { content, contentAdmin } from './endpoints/content.ts';
import { draws, drawsAdmin } from './endpoints/draws.ts';
import { events, eventsAdmin, statisticsEndpoints } from './endpoints/events.ts';
import { contact, messages, messagesAdmin } from './endpoints/messages.ts';
import { addresses, coupons, couponsAdmin, redeem, redeemAdmin } from './endpoints/points.ts';
import { products, productsAdmin, records } from './endpoints/products.ts';
import { rank, rankAdmin } from './endpoints/rank.ts';
import { system } from './endpoints/system.ts';
import { team, teamAdmin } from './endpoints/team.ts';
import { testing } from './endpoints/testing.ts';
import { uploads, uploadsAdmin } from './endpoints/uploads.ts';
import { user } from './endpoints/user.ts';
import { vip, vipAdmin } from './endpoints/vip.ts';
import { wallet } from './endpoints/wallet.ts';
import { ADMIN_API_BASE, API_BASE } from './route.ts';

/** Every endpoint of the user API (base /api/v1). */
export const api = {
  system,
  user,
  wallet,
  products,
  records,
  cash,
  team,
  rank,
  vip,
  draws,
  events,
  statistics: statisticsEndpoints,
  addresses,
  coupons,
  redeem,
  content,
  uploads,
  messages,
  contact,
  testing,
};
/** Every endpoint of the back-office API (base /admin/api/v1). */
export const adminApi = {
  admin,
  products: productsAdmin,
  cash: cashAdmin,
  team: teamAdmin,
  rank: rankAdmin,
  vip: vipAdmin,
  draws: drawsAdmin,
  events: eventsAdmin,
  coupons: couponsAdmin,
  redeem: redeemAdmin,
  content: contentAdmin,
  uploads: uploadsAdmin,
  messages: messagesAdmin,
};

// Built on first use, inside the function: an app that never asks for an endpoint's base then
// never names `adminApi`, so its bundle leaves the back office's endpoints and their schemas out.
// (A module-level `/* @__PURE__ */ new Set(...)` did not: a bundler drops an unused pure call but
// keeps its arguments, and these named every back-office endpoint.)
let adminEndpoints: Set<Endpoint> | undefined;

/** The base an endpoint lives under: the back office's or the user API's. */
export function endpointBase(endpoint: Endpoint): string {
  adminEndpoints ??= new Set(Object.values(adminApi).flatMap((group) => Object.values(group)));
  return adminEndpoints.has(endpoint) ? ADMIN_API_BASE : API_BASE;
}
