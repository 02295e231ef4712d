import type { Messages } from '../../i18n/en';
import type { eventScreensEn } from './messages';

/** The Thai texts of ./messages.ts, loaded only with the Thai language. */
export const eventScreensTh: Pick<Messages, keyof typeof eventScreensEn> = {
  events: {
    menu: 'กิจกรรม',
    kinds: { anniversary: 'กิจกรรมครบรอบ', conference: 'งานแถลงข่าว' },
    states: { open: 'เปิดรับ', full: 'เต็มแล้ว', ended: 'สิ้นสุดแล้ว' },
    applied: 'ลงทะเบียนแล้ว',
    actions: { signup: 'ลงทะเบียน', applied: 'ลงทะเบียนแล้ว', ended: 'กิจกรรมสิ้นสุดแล้ว', full: 'ที่นั่งเต็ม' },
    starts: 'เริ่ม',
    ends: 'สิ้นสุด',
    seats: 'ที่นั่ง',
    seatsLeft: 'เหลือ {{left}} จาก {{capacity}}',
    reward: 'รางวัลการลงทะเบียน',
    points_other: '{{points}} คะแนน',
    signedUp: 'ลงทะเบียนเรียบร้อย',
    empty: 'ยังไม่มีกิจกรรม',
    emptyHint: 'กิจกรรมใหม่จะประกาศที่นี่ ดึงลงเพื่อตรวจสอบอีกครั้ง',
  },
  statistics: {
    title: 'สถิติ',
    period: 'ช่วงเวลา',
    lastDays: '{{days}} วัน',
    total: 'รายได้ {{days}} วันล่าสุด',
    perDay: 'รายได้ต่อวัน',
    chartLabel: 'กราฟแท่งรายได้ของคุณในแต่ละวันของ {{days}} วันล่าสุด',
    empty: 'ไม่มีรายได้ในช่วงนี้',
    emptyHint: 'รายได้จากเครื่อง ทีม และรางวัล จะแสดงที่นี่เป็นรายวัน',
    byType: 'รายได้ตามประเภท',
    byTypeEmpty: 'ยังไม่มีรายได้',
    days: 'รายวัน',
    noDays: 'ไม่มีวันที่มีรายได้ในช่วงนี้',
  },
};
