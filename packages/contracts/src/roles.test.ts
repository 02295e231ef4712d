import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_ROLES, type AdminRole, type Endpoint } from './endpoint.ts';
import { adminApi } from './index.ts';

/**
 * The back office's role matrix (issue 29: personal data by need): every endpoint, by the roles that
 * may call it besides the owner ("every" for all roles). A change of who may do what changes this
 * table, in review.
 */
const MATRIX: Record<string, readonly AdminRole[] | 'every'> = {
  'admin.login': 'every',
  'admin.logout': 'every',
  'admin.me': 'every',
  'admin.dashboard': 'every',
  'admin.getConfig': 'every',
  'admin.putConfig': [],
  'admin.users': ['finance', 'support'],
  'admin.freezeUser': ['support', 'finance'],
  'admin.unfreezeUser': ['support', 'finance'],
  'admin.user': ['finance', 'support'],
  'admin.unlockPayPassword': ['support', 'finance'],
  'admin.sendPasswordReset': ['support'],
  'admin.outbox': ['support'],
  'admin.resendOutbox': ['support'],
  'admin.audit': ['finance', 'support'],
  'admin.admins': [],
  'admin.createAdmin': [],
  'admin.updateAdmin': [],
  'products.products': 'every',
  'products.createProduct': ['finance'],
  'products.updateProduct': ['content', 'finance'],
  'products.orders': ['finance', 'support'],
  'products.holdings': 'every',
  'products.userLedger': ['finance', 'support'],
  'products.adjust': ['finance'],
  'products.ledgerCheck': ['finance'],
  'cash.withdrawals': ['finance'],
  'cash.approveWithdrawal': ['finance'],
  'cash.rejectWithdrawal': ['finance'],
  'cash.payWithdrawal': ['finance'],
  'cash.markPaid': ['finance'],
  'cash.markFailed': ['finance'],
  'cash.bulkReview': ['finance'],
  'cash.deposits': ['finance'],
  'cash.payoutAccounts': ['finance', 'support'],
  'cash.approvePayoutAccount': ['finance', 'support'],
  'cash.rejectPayoutAccount': ['finance', 'support'],
  'cash.cashSummary': ['finance'],
  'team.userTeam': ['finance', 'support'],
  'team.userTeamMembers': ['finance', 'support'],
  'rank.cycles': 'every',
  'rank.cycle': 'every',
  'rank.standings': 'every',
  'rank.settle': ['finance'],
  'rank.teams': 'every',
  'rank.updateTeam': ['support', 'content'],
  'vip.levels': 'every',
  'vip.saveLevels': ['finance'],
  'vip.userLevel': ['finance', 'support'],
  'draws.campaigns': 'every',
  'draws.createCampaign': ['finance'],
  'draws.updateCampaign': ['finance'],
  'draws.simulate': ['finance'],
  'draws.records': ['finance', 'support'],
  'draws.ship': ['support'],
  'events.list': 'every',
  'events.create': ['finance'],
  'events.update': ['finance'],
  'events.signups': ['finance', 'support'],
  'coupons.issue': ['finance'],
  'coupons.list': ['finance', 'support'],
  'redeem.generate': ['finance'],
  'redeem.codes': ['finance', 'support'],
  'redeem.batches': ['finance', 'support'],
  'content.list': ['content'],
  'content.get': ['content'],
  'content.create': ['content'],
  'content.update': ['content'],
  'content.publish': ['content'],
  'content.unpublish': ['content'],
  'content.preview': ['content'],
  'content.comments': ['content'],
  'content.approve': ['content'],
  'content.hide': ['content'],
  'uploads.image': ['content', 'finance'],
  'messages.broadcast': ['content'],
  'messages.audience': ['content'],
  'messages.broadcasts': ['content', 'support'],
  'messages.inbox': ['support'],
  'messages.reply': ['support'],
  'messages.close': ['support'],
};

/** Every back-office endpoint by its name in `adminApi` ("group.name"). */
const ENDPOINTS: [string, Endpoint][] = Object.entries(adminApi).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]): [string, Endpoint] => [
    `${group}.${name}`,
    endpoint,
  ]),
);

/** The roles that may call `endpoint`, the owner always among them. */
function allowed(endpoint: Endpoint): AdminRole[] {
  return ADMIN_ROLES.filter((role) => role === 'owner' || !endpoint.roles || endpoint.roles.includes(role));
}

/** The names of every field of a schema's output, however deep. */
function fieldNames(schema: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const part of schema) fieldNames(part, names);
  else if (schema && typeof schema === 'object') {
    const { properties } = schema as { properties?: object };
    if (properties) for (const name of Object.keys(properties)) names.add(name);
    for (const part of Object.values(schema)) fieldNames(part, names);
  }
  return names;
}

/** Fields that carry a user's email or phone, or a winner's address. */
const PERSONAL = ['account', 'userAccount', 'inviterAccount', 'recipient', 'contact', 'phone', 'email', 'address'];
/**
 * Endpoints content may read whose `account` is masked by the server (`ab***@mail.com`): the team
 * standings and the comments content moderates (apps/server/test/backoffice.test.ts checks it).
 */
const MASKED = [
  'rank.cycle',
  'rank.standings',
  'rank.settle',
  'rank.teams',
  'rank.updateTeam',
  'content.comments',
  'content.approve',
  'content.hide',
];
/** The operator's own sign-in answers name the operator, not a user. */
const OPERATOR_ONLY = ['admin.login', 'admin.me'];

describe('the back office’s role matrix (issue 29)', () => {
  it('names every endpoint, and each endpoint allows exactly the roles the matrix gives it', () => {
    expect(ENDPOINTS.map(([name]) => name).sort()).toEqual(Object.keys(MATRIX).sort());
    for (const [name, endpoint] of ENDPOINTS) {
      const roles = MATRIX[name];
      expect(allowed(endpoint), name).toEqual(roles === 'every' ? [...ADMIN_ROLES] : allowed({ ...endpoint, roles }));
    }
  });

  it('content never reads a user’s email, phone or address, except masked', () => {
    const open = ENDPOINTS.filter(([name, endpoint]) => {
      if (MASKED.includes(name) || OPERATOR_ONLY.includes(name) || !allowed(endpoint).includes('content')) return false;
      const fields = fieldNames(z.toJSONSchema(endpoint.output, { unrepresentable: 'any', io: 'output' }));
      return PERSONAL.some((field) => fields.has(field));
    });
    expect(open.map(([name]) => name)).toEqual([]);
  });

  it('the ledger check and a draw’s simulation are finance’s and the owner’s alone', () => {
    expect(allowed(adminApi.products.ledgerCheck)).toEqual(['owner', 'finance']);
    expect(allowed(adminApi.draws.simulate)).toEqual(['owner', 'finance']);
  });
});
