import type { Messages } from '../../i18n/en';
import type { messageScreensEn } from './messages';

/** The Vietnamese texts of ./messages.ts, loaded only with the Vietnamese language. */
export const messageScreensVi: Pick<Messages, keyof typeof messageScreensEn> = {
  messages: {
    title: 'Tin nhắn hệ thống',
    menu: 'Tin nhắn hệ thống',
    readAll: 'Đánh dấu đã đọc tất cả',
    unread: 'Chưa đọc',
    unreadCount_other: '{{count}} tin nhắn chưa đọc',
    empty: 'Chưa có tin nhắn',
    emptyHint: 'Thông báo về rút tiền, nạp tiền, cấp độ và phần thưởng sẽ hiện ở đây. Kéo xuống để làm mới.',
  },
  contactForm: {
    title: 'Gửi tin nhắn cho chúng tôi',
    hint: 'Câu trả lời sẽ được gửi vào tin nhắn hệ thống của bạn.',
    message: 'Nội dung tin nhắn',
    contact: 'Số điện thoại hoặc email liên hệ (không bắt buộc)',
    send: 'Gửi',
    sent: 'Đã gửi. Chúng tôi sẽ trả lời trong tin nhắn hệ thống.',
    required: 'Vui lòng nhập nội dung tin nhắn trước.',
    signInHint: 'Đăng nhập để gửi tin nhắn cho chúng tôi. Câu trả lời sẽ được gửi vào tin nhắn hệ thống của bạn.',
  },
  location: {
    menu: 'Chia sẻ vị trí của tôi',
    title: 'Chia sẻ vị trí của bạn',
    why: 'Chia sẻ vị trí giúp chúng tôi cung cấp dịch vụ gần bạn. Chúng tôi chỉ đọc một lần khi bạn cho phép.',
    allow: 'Cho phép',
    refuse: 'Để sau',
    refused: 'Bạn đã chọn không chia sẻ vị trí. Chúng tôi sẽ không hỏi lại trừ khi bạn quay lại trang này.',
    back: 'Quay lại',
    shared: 'Đã chia sẻ vị trí. Cảm ơn bạn.',
    openTitle: 'Bật định vị',
    offTitle: 'Không lấy được vị trí của bạn',
    offHint:
      'Dịch vụ định vị đang tắt hoặc trình duyệt này chưa được cho phép. Hãy bật định vị trong cài đặt điện thoại, cho phép trang web này rồi thử lại.',
    retry: 'Thử lại',
  },
};
