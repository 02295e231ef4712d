import type { Messages } from '../../i18n/en';

/** The Vietnamese texts of ./messages.ts, loaded only with the Vietnamese language. */
export const contentScreensVi: Pick<Messages, 'content'> = {
  content: {
    entries: {
      deposit: 'Nạp tiền',
      withdraw: 'Rút tiền',
      draws: 'Quay thưởng',
      events: 'Sự kiện',
      news: 'Tin tức',
      posts: 'Bài viết',
      guides: 'Hướng dẫn',
      honor: 'Vinh danh',
    },
    home: {
      notices: 'Thông báo',
      updated: 'Cập nhật {{time}}',
    },
    notFound: 'Nội dung này không còn nữa.',
    notFoundHint: 'Có thể nó đã bị gỡ. Quay lại danh sách để xem nội dung mới.',
    backToList: 'Quay lại danh sách',
    news: {
      title: 'Tin tức',
      empty: 'Chưa có tin tức',
      emptyHint: 'Tin tức của công ty được đăng tại đây. Kéo xuống để kiểm tra lại.',
    },
    posts: {
      title: 'Bài viết',
      empty: 'Chưa có bài viết',
      emptyHint: 'Bài viết của nền tảng hiển thị tại đây. Kéo xuống để kiểm tra lại.',
      commentCount_other: '{{count}} bình luận',
      noComments: 'Chưa có bình luận',
      noCommentsHint: 'Hãy là người đầu tiên chia sẻ trải nghiệm.',
      closed: 'Bài viết này đã tắt bình luận.',
      write: 'Viết bình luận',
      signInToComment: 'Đăng nhập để bình luận',
    },
    comment: {
      title: 'Bình luận',
      label: 'Bình luận của bạn',
      placeholder: 'Chia sẻ trải nghiệm của bạn (chỉ văn bản)',
      images: 'Hình ảnh ({{count}}/{{max}})',
      imagesHint: 'Tối đa {{max}} hình.',
      submit: 'Đăng',
      uploading: 'Vui lòng đợi hình ảnh tải lên xong.',
      saveFailed: 'Lưu thất bại',
      uploadFailed: 'Tải hình lên thất bại',
      pending: 'Cảm ơn bạn! Bình luận sẽ hiển thị sau khi được duyệt.',
      published: 'Bình luận của bạn đã được đăng.',
    },
    guides: {
      title: 'Cách kiếm tiền',
      typesEmpty: 'Chưa có hướng dẫn',
      typesEmptyHint: 'Hướng dẫn kiếm tiền với nền tảng được đăng tại đây.',
      empty: 'Chưa có hướng dẫn thuộc loại này',
      emptyHint: 'Kéo xuống để kiểm tra lại hoặc chọn loại khác.',
    },
    honor: {
      title: 'Vinh danh',
      empty: 'Chưa có vinh danh',
      emptyHint: 'Giải thưởng và chứng nhận của công ty được hiển thị tại đây.',
    },
    pages: {
      updated: 'Cập nhật ngày {{date}}',
      more: 'Tìm hiểu thêm về công ty',
    },
    signUpAnd: 'và',
  },
};
