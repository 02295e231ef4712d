import type {
  AdminDrawCampaign,
  DrawCampaignInput,
  DrawKind,
  DrawPrizeKind,
  DrawRecordStatus,
  DrawStatus,
} from '@app/contracts';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { type LocalizedDraft, localizedWithEnglish } from '../../lib/localized.ts';

export const DRAW_KIND_LABELS: Record<DrawKind, string> = {
  turntable: 'Lucky turntable',
  grid: 'Nine-grid',
  capsule: 'Lucky capsule',
  window: 'Lucky window',
};

export const PRIZE_KIND_LABELS: Record<DrawPrizeKind, string> = {
  cash: 'Cash (income wallet)',
  points: 'Points',
  draws: 'Extra draws today',
  coupon: 'Coupon',
  goods: 'Goods (shipped)',
  nothing: 'Nothing',
};

export const RECORD_STATUS_LABELS: Record<DrawRecordStatus, string> = {
  completed: 'Paid',
  awaiting_address: 'Waiting for address',
  awaiting_shipment: 'To ship',
  shipped: 'Shipped',
};

/** What the amount of a prize means for its kind; null: the kind has no amount. */
export function amountLabel(kind: DrawPrizeKind): string | null {
  if (kind === 'cash' || kind === 'coupon') return 'Amount';
  if (kind === 'points') return 'Points';
  if (kind === 'draws') return 'Draws';
  return null;
}

/** A prize's amount as read: money for cash and coupons, a count for points and draws, none for the rest. */
export function prizeAmountText(kind: DrawPrizeKind, amount: string): string {
  if (kind === 'cash' || kind === 'coupon') return formatMoney(amount);
  if (kind === 'points' || kind === 'draws') return formatNumber(amount);
  return '—';
}

export interface PrizeFormValues {
  id?: number;
  name: LocalizedDraft;
  kind: DrawPrizeKind;
  amount: string;
  weight: number | null;
  /** null: unlimited. */
  stock: number | null;
  minSpend: string;
  validDays: number;
}

export interface CampaignFormValues {
  kind: DrawKind;
  name: LocalizedDraft;
  pointsPerDraw: number | null;
  dailyLimit: number | null;
  startsAt: string | null;
  endsAt: string | null;
  status: DrawStatus;
  prizes: PrizeFormValues[];
}

export function emptyPrize(kind: DrawPrizeKind = 'points'): PrizeFormValues {
  return { name: {}, kind, amount: '', weight: 1, stock: null, minSpend: '0', validDays: 30 };
}

/** A new campaign starts switched off, so its odds can be simulated before it goes on. */
export function emptyCampaignValues(now: Date): CampaignFormValues {
  const week = new Date(now.getTime() + 7 * 86_400_000);
  return {
    kind: 'turntable',
    name: {},
    pointsPerDraw: 10,
    dailyLimit: 3,
    startsAt: now.toISOString(),
    endsAt: week.toISOString(),
    status: 'off',
    prizes: [emptyPrize('points'), emptyPrize('nothing')],
  };
}

export function campaignToValues(campaign: AdminDrawCampaign): CampaignFormValues {
  return {
    kind: campaign.kind,
    name: { ...campaign.nameI18n, en: campaign.nameI18n.en ?? campaign.name },
    pointsPerDraw: campaign.pointsPerDraw,
    dailyLimit: campaign.dailyLimit,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    status: campaign.status,
    prizes: campaign.prizes.map((prize) => ({
      id: prize.id,
      name: { ...prize.nameI18n, en: prize.nameI18n.en ?? prize.name },
      kind: prize.kind,
      amount: prize.amount,
      weight: prize.weight,
      stock: prize.stock,
      minSpend: prize.minSpend,
      validDays: prize.validDays,
    })),
  };
}

/** The request body: names in every language given; goods and nothing carry no amount. */
export function valuesToInput(values: CampaignFormValues): DrawCampaignInput & { prizes: { id?: number }[] } {
  return {
    kind: values.kind,
    name: localizedWithEnglish(values.name),
    pointsPerDraw: values.pointsPerDraw ?? 0,
    dailyLimit: values.dailyLimit ?? 0,
    startsAt: values.startsAt ?? '',
    endsAt: values.endsAt ?? '',
    status: values.status,
    prizes: values.prizes.map((prize) => ({
      ...(prize.id ? { id: prize.id } : {}),
      name: localizedWithEnglish(prize.name),
      kind: prize.kind,
      amount: amountLabel(prize.kind) ? prize.amount.trim() || '0' : '0',
      weight: prize.weight ?? 0,
      stock: prize.stock,
      image: '',
      minSpend: prize.kind === 'coupon' ? prize.minSpend.trim() || '0' : '0',
      validDays: prize.validDays,
    })),
  };
}

/**
 * Each weight's share of the total as a percentage with two decimals ("12.50"), in integer
 * arithmetic rounded half up, the way the server states its odds; all "0.00" while no weight is set.
 */
export function oddsPercents(weights: readonly (number | null | undefined)[]): string[] {
  const clean = weights.map((w) => (typeof w === 'number' && Number.isFinite(w) && w > 0 ? Math.floor(w) : 0));
  const total = clean.reduce((sum, w) => sum + w, 0);
  return clean.map((w) => {
    if (total === 0) return '0.00';
    const hundredths = Math.floor((w * 10_000 * 2 + total) / (total * 2));
    return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
  });
}
