import { fromMinor, groupThousands, type Language, type MessageNotice } from '@app/contracts';

/**
 * The product's notices in the six languages. A notice is stored as its key and values and written
 * here when read, in the reader's language: a user who switches language reads every notice in
 * the new one. `{amount}` is money in minor units, written as the app writes money ("$1,250.00").
 */
const NOTICE_TEXTS: Record<MessageNotice, Record<Language, { title: string; body: string }>> = {
  withdrawal_paid: {
    en: { title: 'Withdrawal paid', body: 'Your withdrawal of {amount} has been paid.' },
    zh: { title: '提现已到账', body: '您提现的 {amount} 已支付成功。' },
    es: { title: 'Retiro pagado', body: 'Tu retiro de {amount} ha sido pagado.' },
    fr: { title: 'Retrait payé', body: 'Votre retrait de {amount} a été payé.' },
    vi: { title: 'Đã thanh toán rút tiền', body: 'Khoản rút {amount} của bạn đã được thanh toán.' },
    th: { title: 'จ่ายเงินถอนแล้ว', body: 'รายการถอนเงิน {amount} ของคุณได้รับการจ่ายแล้ว' },
  },
  withdrawal_rejected: {
    en: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {amount} was rejected: {reason}. The amount is back in your wallet.',
    },
    zh: { title: '提现被拒绝', body: '您提现的 {amount} 被拒绝：{reason}。该金额已退回您的钱包。' },
    es: {
      title: 'Retiro rechazado',
      body: 'Tu retiro de {amount} fue rechazado: {reason}. El importe ha vuelto a tu billetera.',
    },
    fr: {
      title: 'Retrait refusé',
      body: 'Votre retrait de {amount} a été refusé : {reason}. Le montant est revenu dans votre portefeuille.',
    },
    vi: {
      title: 'Yêu cầu rút tiền bị từ chối',
      body: 'Khoản rút {amount} của bạn đã bị từ chối: {reason}. Số tiền đã được hoàn lại vào ví của bạn.',
    },
    th: {
      title: 'การถอนเงินถูกปฏิเสธ',
      body: 'รายการถอนเงิน {amount} ของคุณถูกปฏิเสธ: {reason} ยอดเงินได้คืนเข้ากระเป๋าของคุณแล้ว',
    },
  },
  deposit_credited: {
    en: { title: 'Deposit credited', body: '{amount} has been credited to your wallet.' },
    zh: { title: '充值已到账', body: '{amount} 已存入您的钱包。' },
    es: { title: 'Depósito acreditado', body: 'Se acreditó un importe de {amount} en tu billetera.' },
    fr: { title: 'Dépôt crédité', body: 'Un montant de {amount} a été crédité sur votre portefeuille.' },
    vi: { title: 'Đã nạp tiền thành công', body: '{amount} đã được cộng vào ví của bạn.' },
    th: { title: 'เติมเงินเข้าบัญชีแล้ว', body: '{amount} ได้เข้ากระเป๋าของคุณแล้ว' },
  },
  level_reached: {
    en: { title: 'New level reached', body: 'Congratulations! You have reached {level}.' },
    zh: { title: '等级提升', body: '恭喜！您已升级为 {level}。' },
    es: { title: 'Nuevo nivel alcanzado', body: '¡Enhorabuena! Has alcanzado el nivel {level}.' },
    fr: { title: 'Nouveau niveau atteint', body: 'Félicitations ! Vous avez atteint le niveau {level}.' },
    vi: { title: 'Đã lên cấp mới', body: 'Chúc mừng! Bạn đã đạt cấp {level}.' },
    th: { title: 'ถึงระดับใหม่แล้ว', body: 'ยินดีด้วย! คุณได้ขึ้นเป็นระดับ {level} แล้ว' },
  },
  prize_shipped: {
    en: { title: 'Prize shipped', body: 'Your prize {prize} has been shipped. Tracking number: {tracking}.' },
    zh: { title: '奖品已发货', body: '您的奖品 {prize} 已发货，物流单号：{tracking}。' },
    es: { title: 'Premio enviado', body: 'Tu premio {prize} ha sido enviado. Número de seguimiento: {tracking}.' },
    fr: { title: 'Lot expédié', body: 'Votre lot {prize} a été expédié. Numéro de suivi : {tracking}.' },
    vi: { title: 'Đã gửi phần thưởng', body: 'Phần thưởng {prize} của bạn đã được gửi đi. Mã vận đơn: {tracking}.' },
    th: { title: 'จัดส่งรางวัลแล้ว', body: 'รางวัล {prize} ของคุณถูกจัดส่งแล้ว หมายเลขพัสดุ: {tracking}' },
  },
  contact_reply: {
    en: { title: 'Reply from customer service', body: '{reply}' },
    zh: { title: '客服回复', body: '{reply}' },
    es: { title: 'Respuesta del servicio de atención', body: '{reply}' },
    fr: { title: 'Réponse du service client', body: '{reply}' },
    vi: { title: 'Phản hồi từ bộ phận chăm sóc khách hàng', body: '{reply}' },
    th: { title: 'ข้อความตอบกลับจากฝ่ายบริการลูกค้า', body: '{reply}' },
  },
};

/** A notice's value: text as it is, or a name in each language (a level, a prize). */
export type NoticeValue = string | Record<string, string>;

/** How the reader's figures are written: the currency's decimals and its symbol. */
export interface MoneyFormat {
  decimals: number;
  symbol: string;
}

/** Text in the reader's language, falling back to English. */
export function inLanguage(text: Record<string, string>, lang: Language): string {
  return text[lang] || text.en || '';
}

function written(key: string, value: NoticeValue | undefined, lang: Language, money: MoneyFormat): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') return inLanguage(value, lang);
  return key === 'amount' ? `${money.symbol}${groupThousands(fromMinor(BigInt(value), money.decimals))}` : value;
}

/** A notice's title and body in the reader's language, its values in place. */
export function renderNotice(
  notice: MessageNotice,
  params: Record<string, NoticeValue>,
  lang: Language,
  money: MoneyFormat,
): { title: string; body: string } {
  const text = NOTICE_TEXTS[notice][lang];
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_match, key: string) => written(key, params[key], lang, money));
  return { title: fill(text.title), body: fill(text.body) };
}
