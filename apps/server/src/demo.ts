import { readFile } from 'node:fs/promises';
import type { VipLevelInput } from '@app/contracts';
import { count } from 'drizzle-orm';
import type { App } from './app.ts';
import { users } from './db/schema.ts';
import { seedDemoArticles } from './demo-content.ts';
import { giveDemoPoints, seedDemoDraws } from './demo-draws.ts';
import { lockUserAccount } from './ledger/accounts.ts';
import { postEntry } from './ledger/post.ts';
import { SYSTEM_ACTOR } from './modules/audit/service.ts';
import { hashSecret } from './security.ts';

export const DEMO_USER = { account: 'demo@minerva.example', password: 'demo1234', inviteCode: 'DEMO2026' };

const DEMO_PRODUCTS = [
  {
    name: {
      en: 'Starter Miner',
      es: 'Minero inicial',
      fr: 'Mineur débutant',
      vi: 'Máy đào khởi đầu',
      th: 'เครื่องขุดเริ่มต้น',
      zh: '入门矿机',
    },
    description: {
      en: 'A compact miner to start with, at a small price. Income is paid every hour.',
      es: 'Un minero compacto para empezar, a un precio pequeño. Los ingresos se pagan cada hora.',
      fr: 'Un mineur compact pour débuter, à petit prix. Les revenus sont versés toutes les heures.',
      vi: 'Máy đào nhỏ gọn để bắt đầu, giá thấp. Thu nhập được trả mỗi giờ.',
      th: 'เครื่องขุดขนาดกะทัดรัดสำหรับเริ่มต้นในราคาไม่สูง จ่ายรายได้ทุกชั่วโมง',
      zh: '小巧的入门矿机，价格实惠。收益每小时发放。',
    },
    image: 'starter-miner.webp',
    price: '50.00',
    cycle: 'hour',
    incomePerCycle: '0.10',
    cycles: 720,
    points: 5,
    purchaseLimit: 5,
  },
  {
    name: {
      en: 'Turbo Miner',
      es: 'Minero turbo',
      fr: 'Mineur turbo',
      vi: 'Máy đào turbo',
      th: 'เครื่องขุดเทอร์โบ',
      zh: '涡轮矿机',
    },
    description: {
      en: 'Two fans and a faster chip: more power than the Starter Miner. Income is paid every hour.',
      es: 'Dos ventiladores y un chip más rápido: más potencia que el Minero inicial. Los ingresos se pagan cada hora.',
      fr: 'Deux ventilateurs et une puce plus rapide : plus de puissance que le Mineur débutant. Les revenus sont versés toutes les heures.',
      vi: 'Hai quạt và chip nhanh hơn: mạnh hơn Máy đào khởi đầu. Thu nhập được trả mỗi giờ.',
      th: 'พัดลมสองตัวและชิปที่เร็วกว่า แรงกว่าเครื่องขุดเริ่มต้น จ่ายรายได้ทุกชั่วโมง',
      zh: '双风扇、更快的芯片，算力高于入门矿机。收益每小时发放。',
    },
    image: 'turbo-miner.webp',
    price: '200.00',
    cycle: 'hour',
    incomePerCycle: '0.45',
    cycles: 720,
    points: 20,
    purchaseLimit: 0,
  },
  {
    name: {
      en: 'Solar Farm',
      es: 'Granja solar',
      fr: 'Ferme solaire',
      vi: 'Trang trại năng lượng mặt trời',
      th: 'ฟาร์มโซลาร์',
      zh: '太阳能农场',
    },
    description: {
      en: 'Solar panels on a sunny hillside. Income is paid once a day.',
      es: 'Paneles solares en una colina soleada. Los ingresos se pagan una vez al día.',
      fr: 'Des panneaux solaires sur une colline ensoleillée. Les revenus sont versés une fois par jour.',
      vi: 'Những tấm pin mặt trời trên sườn đồi đầy nắng. Thu nhập được trả mỗi ngày một lần.',
      th: 'แผงโซลาร์เซลล์บนเนินเขาที่มีแดดจัด จ่ายรายได้วันละครั้ง',
      zh: '阳光山坡上的太阳能板。收益每天发放一次。',
    },
    image: 'solar-farm.webp',
    price: '500.00',
    cycle: 'day',
    incomePerCycle: '12.00',
    cycles: 60,
    points: 50,
    purchaseLimit: 0,
  },
  {
    name: {
      en: 'Wind Turbine',
      es: 'Aerogenerador',
      fr: 'Éolienne',
      vi: 'Tua-bin gió',
      th: 'กังหันลม',
      zh: '风力涡轮机',
    },
    description: {
      en: 'A turbine on a windy ridge. Income is paid every day, and the principal is returned at the end.',
      es: 'Un aerogenerador en una cresta ventosa. Los ingresos se pagan cada día y el capital se devuelve al final.',
      fr: 'Une éolienne sur une crête venteuse. Les revenus sont versés chaque jour, et le capital est rendu à l’échéance.',
      vi: 'Tua-bin gió trên sườn đồi lộng gió. Thu nhập được trả mỗi ngày, tiền gốc được hoàn trả khi hết hạn.',
      th: 'กังหันลมบนสันเขาที่ลมแรง จ่ายรายได้ทุกวัน และคืนเงินต้นเมื่อครบกำหนด',
      zh: '矗立在风口山脊上的风力涡轮机。收益每天发放，到期返还本金。',
    },
    image: 'wind-turbine.webp',
    price: '1000.00',
    cycle: 'day',
    incomePerCycle: '40.00',
    cycles: 30,
    points: 100,
    purchaseLimit: 3,
    principalReturned: true,
  },
  {
    name: {
      en: 'Data Center Rack',
      es: 'Rack de centro de datos',
      fr: 'Baie de centre de données',
      vi: 'Tủ trung tâm dữ liệu',
      th: 'แร็คศูนย์ข้อมูล',
      zh: '数据中心机柜',
    },
    description: {
      en: 'A full rack of servers in a data center. Income is paid once a week.',
      es: 'Un rack completo de servidores en un centro de datos. Los ingresos se pagan una vez por semana.',
      fr: 'Une baie complète de serveurs dans un centre de données. Les revenus sont versés une fois par semaine.',
      vi: 'Một tủ máy chủ đầy đủ trong trung tâm dữ liệu. Thu nhập được trả mỗi tuần một lần.',
      th: 'ตู้เซิร์ฟเวอร์เต็มตู้ในศูนย์ข้อมูล จ่ายรายได้สัปดาห์ละครั้ง',
      zh: '数据中心里满满一柜服务器。收益每周发放一次。',
    },
    image: 'data-center-rack.webp',
    price: '2000.00',
    cycle: 'week',
    incomePerCycle: '180.00',
    cycles: 16,
    points: 200,
    purchaseLimit: 0,
  },
  {
    name: {
      en: 'Anniversary Special',
      es: 'Especial aniversario',
      fr: 'Spécial anniversaire',
      vi: 'Ưu đãi kỷ niệm',
      th: 'พิเศษฉลองครบรอบ',
      zh: '周年特惠',
    },
    description: {
      en: 'Our anniversary offer: on sale for a limited time and in limited stock, one per account. Income is paid once a week.',
      es: 'Nuestra oferta de aniversario: a la venta por tiempo limitado y en existencias limitadas, una por cuenta. Los ingresos se pagan una vez por semana.',
      fr: 'Notre offre anniversaire : en vente pour une durée limitée et en stock limité, une par compte. Les revenus sont versés une fois par semaine.',
      vi: 'Ưu đãi kỷ niệm: mở bán trong thời gian và số lượng có hạn, mỗi tài khoản một suất. Thu nhập được trả mỗi tuần một lần.',
      th: 'ข้อเสนอฉลองครบรอบ วางขายในเวลาและจำนวนจำกัด บัญชีละหนึ่งเครื่อง จ่ายรายได้สัปดาห์ละครั้ง',
      zh: '周年特惠：限时限量发售，每个账户限购一份。收益每周发放一次。',
    },
    image: 'anniversary-special.webp',
    price: '300.00',
    cycle: 'week',
    incomePerCycle: '36.00',
    cycles: 12,
    points: 60,
    purchaseLimit: 1,
    limitedDays: 14,
  },
] as const;

/** A ladder to try: three VIP levels, one by each total, and two SVIP levels to buy. */
const DEMO_LEVELS: VipLevelInput[] = [
  {
    level: 1,
    name: { en: 'VIP 1', es: 'VIP 1', fr: 'VIP 1', vi: 'VIP 1', th: 'VIP 1', zh: 'VIP 1' },
    kind: 'vip',
    requirement: { kind: 'recharge', amount: '500.00' },
    price: null,
    benefits: { extraDraws: 1, withdrawFeeDiscount: '0.1', extraWithdrawals: 0, incomeBonusRate: '0.01' },
  },
  {
    level: 2,
    name: { en: 'VIP 2', es: 'VIP 2', fr: 'VIP 2', vi: 'VIP 2', th: 'VIP 2', zh: 'VIP 2' },
    kind: 'vip',
    requirement: { kind: 'purchases', amount: '2000.00' },
    price: null,
    benefits: { extraDraws: 2, withdrawFeeDiscount: '0.2', extraWithdrawals: 1, incomeBonusRate: '0.02' },
  },
  {
    level: 3,
    name: { en: 'VIP 3', es: 'VIP 3', fr: 'VIP 3', vi: 'VIP 3', th: 'VIP 3', zh: 'VIP 3' },
    kind: 'vip',
    requirement: { kind: 'teamSize', amount: '20' },
    price: null,
    benefits: { extraDraws: 3, withdrawFeeDiscount: '0.3', extraWithdrawals: 1, incomeBonusRate: '0.03' },
  },
  {
    level: 4,
    name: { en: 'SVIP 1', es: 'SVIP 1', fr: 'SVIP 1', vi: 'SVIP 1', th: 'SVIP 1', zh: 'SVIP 1' },
    kind: 'svip',
    requirement: null,
    price: '300.00',
    benefits: { extraDraws: 5, withdrawFeeDiscount: '0.5', extraWithdrawals: 2, incomeBonusRate: '0.05' },
  },
  {
    level: 5,
    name: { en: 'SVIP 2', es: 'SVIP 2', fr: 'SVIP 2', vi: 'SVIP 2', th: 'SVIP 2', zh: 'SVIP 2' },
    kind: 'svip',
    requirement: null,
    price: '800.00',
    benefits: { extraDraws: 10, withdrawFeeDiscount: '1', extraWithdrawals: 3, incomeBonusRate: '0.08' },
  },
];

/** The machines' pictures: drawn for the demo (`scripts/demo-images.ts` makes each WebP from its SVG). */
const DEMO_IMAGES = new URL('./demo-images/', import.meta.url);

/**
 * What a new user of the embedded run sees at once: machines on sale, each with its picture and
 * description in the six languages, and a demo account with a balance to buy them. Runs only when
 * the database has no users, so it never touches a real platform's data. The pictures are stored
 * through the uploads service, as an operator's would be, so `/media/` serves them from the
 * database (or the bucket) like any other; the owner, created before, is their uploader.
 */
export async function seedDemoContent(built: App): Promise<boolean> {
  const database = built.db;
  const [existing] = await database.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const now = built.clock.now();
  const owner = (await built.services.admins.list()).find((admin) => admin.role === 'owner');
  if (!owner) throw new Error('the demo content needs the owner, created before it');
  const picture = async (file: string) => {
    const bytes = await readFile(new URL(file, DEMO_IMAGES));
    const uploader = { ...SYSTEM_ACTOR, adminId: owner.id };
    return (await built.services.uploads.upload(uploader, async () => ({ bytes, fields: { purpose: 'image' } }))).url;
  };
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const limitedDays = 'limitedDays' in product ? product.limitedDays : undefined;
    await built.services.productAdmin.create(
      {
        name: product.name,
        description: product.description,
        image: await picture(product.image),
        price: product.price,
        cycle: product.cycle,
        incomePerCycle: product.incomePerCycle,
        cycles: product.cycles,
        points: product.points,
        purchaseLimit: product.purchaseLimit,
        stock: limitedDays ? 500 : null,
        saleStartsAt: null,
        saleEndsAt: limitedDays ? new Date(now.getTime() + limitedDays * 86_400_000).toISOString() : null,
        principalReturned: 'principalReturned' in product ? product.principalReturned : false,
        status: 'on',
        sort: index,
      },
      SYSTEM_ACTOR,
    );
  }
  await built.services.vip.saveLevels(DEMO_LEVELS, SYSTEM_ACTOR);
  await seedDemoDraws(built);
  await seedDemoArticles(built);
  const passwordHash = await hashSecret(DEMO_USER.password);
  await database.transaction(async (tx) => {
    const [demo] = await tx
      .insert(users)
      .values({
        account: DEMO_USER.account,
        accountKind: 'email',
        passwordHash,
        nickname: 'Demo',
        inviteCode: DEMO_USER.inviteCode,
        createdAt: now,
      })
      .returning({ id: users.id });
    if (!demo) throw new Error('demo user insert returned nothing');
    const deposit = await lockUserAccount(tx, demo.id, 'deposit');
    await postEntry(tx, {
      type: 'system_increase',
      userId: demo.id,
      refType: 'demo',
      memo: 'Demo balance',
      at: now,
      lines: [
        { accountId: deposit.id, asset: 'CASH', amount: 100_000n },
        { accountId: built.ledger.house('adjustments', demo.id), asset: 'CASH', amount: -100_000n },
      ],
    });
    await giveDemoPoints(tx, built, demo.id, now);
  });
  return true;
}
