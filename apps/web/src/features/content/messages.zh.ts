import type { Messages } from '../../i18n/en';

/** The Chinese texts of ./messages.ts, loaded only with the Chinese language. */
export const contentScreensZh: Pick<Messages, 'content'> = {
  content: {
    entries: {
      deposit: '充值',
      withdraw: '提现',
      draws: '抽奖',
      events: '活动',
      news: '新闻',
      posts: '帖子',
      guides: '攻略',
      honor: '荣誉',
    },
    home: {
      notices: '公告',
      updated: '更新于 {{time}}',
    },
    notFound: '该内容已不存在。',
    notFoundHint: '它可能已被删除。返回列表查看最新内容。',
    backToList: '返回列表',
    news: {
      title: '新闻',
      empty: '暂无新闻',
      emptyHint: '公司新闻会发布在这里，下拉可刷新。',
    },
    posts: {
      title: '帖子',
      empty: '暂无帖子',
      emptyHint: '平台发布的帖子会显示在这里，下拉可刷新。',
      commentCount_other: '{{count}} 条评论',
      noComments: '暂无评论',
      noCommentsHint: '快来分享你的体验吧。',
      closed: '该帖子已关闭评论。',
      write: '写评论',
      signInToComment: '登录后评论',
    },
    comment: {
      title: '评论',
      label: '你的评论',
      placeholder: '分享你的体验（仅限文字）',
      images: '图片（{{count}}/{{max}}）',
      imagesHint: '最多 {{max}} 张图片。',
      submit: '发布',
      uploading: '请等待图片上传完成。',
      saveFailed: '保存失败',
      uploadFailed: '上传图片失败',
      pending: '感谢！你的评论审核通过后将会显示。',
      published: '评论已发布。',
    },
    guides: {
      title: '如何赚钱',
      typesEmpty: '暂无攻略',
      typesEmptyHint: '平台赚钱攻略会发布在这里。',
      empty: '该类型暂无攻略',
      emptyHint: '下拉可刷新，或选择其他类型。',
    },
    honor: {
      title: '荣誉',
      empty: '暂无荣誉',
      emptyHint: '公司获得的奖项和证书会展示在这里。',
    },
    pages: {
      updated: '更新于 {{date}}',
      more: '了解更多公司信息',
    },
    signUpAnd: '和',
  },
};
