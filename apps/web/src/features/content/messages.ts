/**
 * The texts of the content screens (home's banners, notices and entries, news, posts and comments,
 * guides, honor, the company's pages) in English, the shape of the other languages' files beside it
 * (`messages.<language>.ts`, each loaded only with its language); spread into the app's i18n files
 * as the group `content`.
 */
export const contentScreensEn = {
  content: {
    entries: {
      deposit: 'Deposit',
      withdraw: 'Withdraw',
      draws: 'Draws',
      events: 'Events',
      news: 'News',
      posts: 'Posts',
      guides: 'Guides',
      honor: 'Honor',
    },
    home: {
      notices: 'Notices',
      updated: 'Updated {{time}}',
    },
    notFound: 'This content is no longer available.',
    notFoundHint: 'It may have been removed. Go back to the list to see what is new.',
    backToList: 'Back to the list',
    news: {
      title: 'News',
      empty: 'No news yet',
      emptyHint: 'Company news is published here. Pull down to check again.',
    },
    posts: {
      title: 'Posts',
      empty: 'No posts yet',
      emptyHint: 'Posts from the platform appear here. Pull down to check again.',
      commentCount_one: '{{count}} comment',
      commentCount_other: '{{count}} comments',
      noComments: 'No comments yet',
      noCommentsHint: 'Be the first to share your experience.',
      closed: 'Comments are closed for this post.',
      write: 'Write a comment',
      signInToComment: 'Sign in to comment',
    },
    comment: {
      title: 'Comment',
      label: 'Your comment',
      placeholder: 'Share your experience (text only)',
      images: 'Images ({{count}}/{{max}})',
      imagesHint: 'Up to {{max}} images.',
      submit: 'Publish',
      uploading: 'Wait until the images have finished uploading.',
      saveFailed: 'Save failed',
      uploadFailed: 'Upload image failed',
      pending: 'Thank you! Your comment will appear once it has been reviewed.',
      published: 'Your comment is published.',
    },
    guides: {
      title: 'How to make money',
      typesEmpty: 'No guides yet',
      typesEmptyHint: 'Guides on earning with the platform are published here.',
      empty: 'No guides of this type yet',
      emptyHint: 'Pull down to check again, or choose another type.',
    },
    honor: {
      title: 'Honor',
      empty: 'No honors yet',
      emptyHint: 'The awards and certificates of the company are shown here.',
    },
    pages: {
      updated: 'Updated {{date}}',
      more: 'More about the company',
    },
    signUpAnd: 'and',
  },
};
