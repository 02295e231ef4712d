import type { Messages } from '../../i18n/en';
import type { eventScreensEn } from './messages';

/** The Vietnamese texts of ./messages.ts, loaded only with the Vietnamese language. */
export const eventScreensVi: Pick<Messages, keyof typeof eventScreensEn> = {
  events: {
    menu: 'Sự kiện',
    kinds: { anniversary: 'Sự kiện kỷ niệm', conference: 'Họp báo' },
    states: { open: 'Đang mở', full: 'Đã đủ', ended: 'Đã kết thúc' },
    applied: 'Đã đăng ký',
    actions: { signup: 'Đăng ký', applied: 'Đã đăng ký', ended: 'Sự kiện đã kết thúc', full: 'Hết chỗ' },
    starts: 'Bắt đầu',
    ends: 'Kết thúc',
    seats: 'Số chỗ',
    seatsLeft: 'Còn {{left}}/{{capacity}}',
    reward: 'Thưởng đăng ký',
    points_other: '{{points}} điểm',
    signedUp: 'Bạn đã đăng ký',
    empty: 'Hiện chưa có sự kiện',
    emptyHint: 'Sự kiện mới sẽ được thông báo tại đây. Kéo xuống để kiểm tra lại.',
  },
  statistics: {
    title: 'Thống kê',
    period: 'Khoảng thời gian',
    lastDays: '{{days}} ngày',
    total: 'Thu nhập {{days}} ngày qua',
    perDay: 'Thu nhập mỗi ngày',
    chartLabel: 'Biểu đồ cột thu nhập của bạn trong {{days}} ngày qua',
    empty: 'Không có thu nhập trong khoảng này',
    emptyHint: 'Thu nhập từ máy, đội nhóm và phần thưởng sẽ hiện ở đây theo từng ngày.',
    byType: 'Thu nhập theo loại',
    byTypeEmpty: 'Chưa có thu nhập.',
    days: 'Theo từng ngày',
    noDays: 'Không có ngày nào có thu nhập trong khoảng này.',
  },
};
