import type { Messages } from '../../i18n/en';
import type { messageScreensEn } from './messages';

/** The Chinese texts of ./messages.ts, loaded only with the Chinese language. */
export const messageScreensZh: Pick<Messages, keyof typeof messageScreensEn> = {
  messages: {
    title: '系统消息',
    menu: '系统消息',
    readAll: '全部已读',
    unread: '未读',
    unreadCount_other: '{{count}} 条未读消息',
    empty: '暂无消息',
    emptyHint: '提现、充值、等级和奖品的通知会显示在这里。下拉可刷新。',
  },
  contactForm: {
    title: '给我们留言',
    hint: '我们的答复将发送到您的系统消息中。',
    message: '留言内容',
    contact: '联系电话或邮箱（选填）',
    send: '发送',
    sent: '已发送，我们会通过系统消息答复您。',
    required: '请先填写留言内容。',
    signInHint: '登录后即可给我们留言，我们的答复将发送到您的系统消息中。',
  },
  location: {
    menu: '共享我的位置',
    title: '共享您的位置',
    why: '共享位置可帮助我们为您提供附近的服务。只有在您允许后我们才会读取一次。',
    allow: '允许',
    refuse: '暂不',
    refused: '您已选择不共享位置。除非您再次来到此页面，我们不会再询问。',
    back: '返回',
    shared: '位置已共享，谢谢。',
    openTitle: '开启定位',
    offTitle: '无法获取您的位置',
    offHint: '定位服务已关闭，或此浏览器未被允许使用定位。请在手机设置中开启定位并允许本网站，然后重试。',
    retry: '重试',
  },
};
