import type { DrawCampaignInput, DrawKind } from '@app/contracts';
import type { App } from './app.ts';
import type { Db } from './db/client.ts';
import { lockUserAccount } from './ledger/accounts.ts';
import { postEntry } from './ledger/post.ts';
import { SYSTEM_ACTOR } from './modules/audit/service.ts';

const DAY_MS = 86_400_000;

/** The points the demo account starts with: enough for a few draws in each campaign. */
const DEMO_POINTS = 500n;

const names: Record<DrawKind, DrawCampaignInput['name']> = {
  turntable: {
    en: 'Lucky turntable',
    zh: '幸运转盘',
    es: 'Ruleta de la suerte',
    fr: 'Roue de la chance',
    vi: 'Vòng quay may mắn',
    th: 'วงล้อนำโชค',
  },
  capsule: {
    en: 'Lucky capsule',
    zh: '幸运扭蛋',
    es: 'Cápsula de la suerte',
    fr: 'Capsule de la chance',
    vi: 'Viên nang may mắn',
    th: 'แคปซูลนำโชค',
  },
  window: {
    en: 'Lucky window',
    zh: '幸运橱窗',
    es: 'Ventana de la suerte',
    fr: 'Fenêtre de la chance',
    vi: 'Ô cửa may mắn',
    th: 'หน้าต่างนำโชค',
  },
  grid: {
    en: 'Nine-grid draw',
    zh: '九宫格抽奖',
    es: 'Sorteo de nueve casillas',
    fr: 'Tirage à neuf cases',
    vi: 'Quay chín ô',
    th: 'จับรางวัลเก้าช่อง',
  },
};

const prizes: DrawCampaignInput['prizes'] = [
  {
    name: { en: 'Cash 50', zh: '现金 50', es: 'Efectivo 50', fr: 'Espèces 50', vi: 'Tiền mặt 50', th: 'เงินสด 50' },
    kind: 'cash',
    amount: '50',
    weight: 2,
    stock: 20,
    image: '',
    minSpend: '0',
    validDays: 30,
  },
  {
    name: { en: 'Cash 5', zh: '现金 5', es: 'Efectivo 5', fr: 'Espèces 5', vi: 'Tiền mặt 5', th: 'เงินสด 5' },
    kind: 'cash',
    amount: '5',
    weight: 10,
    stock: null,
    image: '',
    minSpend: '0',
    validDays: 30,
  },
  {
    name: { en: '20 points', zh: '20 积分', es: '20 puntos', fr: '20 points', vi: '20 điểm', th: '20 คะแนน' },
    kind: 'points',
    amount: '20',
    weight: 20,
    stock: null,
    image: '',
    minSpend: '0',
    validDays: 30,
  },
  {
    name: {
      en: '1 extra draw',
      zh: '再抽一次',
      es: '1 sorteo extra',
      fr: '1 tirage offert',
      vi: 'Thêm 1 lượt',
      th: 'เพิ่ม 1 สิทธิ์',
    },
    kind: 'draws',
    amount: '1',
    weight: 15,
    stock: null,
    image: '',
    minSpend: '0',
    validDays: 30,
  },
  {
    name: {
      en: 'Coupon 10 off 100',
      zh: '满 100 减 10 优惠券',
      es: 'Cupón de 10 en 100',
      fr: 'Coupon 10 dès 100',
      vi: 'Phiếu giảm 10 cho đơn 100',
      th: 'คูปองลด 10 เมื่อซื้อครบ 100',
    },
    kind: 'coupon',
    amount: '10',
    weight: 10,
    stock: null,
    image: '',
    minSpend: '100',
    validDays: 30,
  },
  {
    name: {
      en: 'Power bank',
      zh: '充电宝',
      es: 'Batería externa',
      fr: 'Batterie externe',
      vi: 'Sạc dự phòng',
      th: 'พาวเวอร์แบงก์',
    },
    kind: 'goods',
    amount: '0',
    weight: 1,
    stock: 5,
    image: '',
    minSpend: '0',
    validDays: 30,
  },
  {
    name: {
      en: 'Try again',
      zh: '谢谢参与',
      es: 'Inténtalo de nuevo',
      fr: 'Retentez votre chance',
      vi: 'Chúc may mắn lần sau',
      th: 'ลองใหม่อีกครั้ง',
    },
    kind: 'nothing',
    amount: '0',
    weight: 42,
    stock: null,
    image: '',
    minSpend: '0',
    validDays: 30,
  },
];

/** One running campaign of each kind, so every draw screen has something to show. */
export async function seedDemoDraws(built: App): Promise<void> {
  const now = built.clock.now().getTime();
  for (const kind of Object.keys(names) as DrawKind[]) {
    await built.services.draws.createCampaign(
      {
        kind,
        name: names[kind],
        pointsPerDraw: 10,
        dailyLimit: 5,
        startsAt: new Date(now - DAY_MS).toISOString(),
        endsAt: new Date(now + 365 * DAY_MS).toISOString(),
        status: 'on',
        prizes,
      },
      SYSTEM_ACTOR,
    );
  }
}

/** The demo account's first points, in the transaction that opens it. */
export async function giveDemoPoints(tx: Db, built: App, userId: number, at: Date): Promise<void> {
  const points = await lockUserAccount(tx, userId, 'points');
  await postEntry(tx, {
    type: 'points_earned',
    userId,
    refType: 'demo',
    memo: 'Demo points',
    at,
    lines: [
      { accountId: points.id, asset: 'POINTS', amount: DEMO_POINTS },
      { accountId: built.ledger.house('points_issued', userId), asset: 'POINTS', amount: -DEMO_POINTS },
    ],
  });
}
