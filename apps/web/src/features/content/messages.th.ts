import type { Messages } from '../../i18n/en';

/** The Thai texts of ./messages.ts, loaded only with the Thai language. */
export const contentScreensTh: Pick<Messages, 'content'> = {
  content: {
    entries: {
      deposit: 'เติมเงิน',
      withdraw: 'ถอนเงิน',
      draws: 'ลุ้นรางวัล',
      events: 'กิจกรรม',
      news: 'ข่าวสาร',
      posts: 'โพสต์',
      guides: 'คู่มือ',
      honor: 'เกียรติยศ',
    },
    home: {
      notices: 'ประกาศ',
      updated: 'อัปเดต {{time}}',
    },
    notFound: 'ไม่มีเนื้อหานี้แล้ว',
    notFoundHint: 'เนื้อหาอาจถูกนำออกแล้ว กลับไปที่รายการเพื่อดูเนื้อหาใหม่',
    backToList: 'กลับไปที่รายการ',
    news: {
      title: 'ข่าวสาร',
      empty: 'ยังไม่มีข่าวสาร',
      emptyHint: 'ข่าวสารของบริษัทจะเผยแพร่ที่นี่ ดึงลงเพื่อตรวจสอบอีกครั้ง',
    },
    posts: {
      title: 'โพสต์',
      empty: 'ยังไม่มีโพสต์',
      emptyHint: 'โพสต์ของแพลตฟอร์มจะแสดงที่นี่ ดึงลงเพื่อตรวจสอบอีกครั้ง',
      commentCount_other: '{{count}} ความคิดเห็น',
      noComments: 'ยังไม่มีความคิดเห็น',
      noCommentsHint: 'มาเป็นคนแรกที่แบ่งปันประสบการณ์',
      closed: 'โพสต์นี้ปิดการแสดงความคิดเห็นแล้ว',
      write: 'เขียนความคิดเห็น',
      signInToComment: 'เข้าสู่ระบบเพื่อแสดงความคิดเห็น',
    },
    comment: {
      title: 'ความคิดเห็น',
      label: 'ความคิดเห็นของคุณ',
      placeholder: 'แบ่งปันประสบการณ์ของคุณ (ข้อความเท่านั้น)',
      images: 'รูปภาพ ({{count}}/{{max}})',
      imagesHint: 'สูงสุด {{max}} รูป',
      submit: 'เผยแพร่',
      uploading: 'กรุณารอให้อัปโหลดรูปภาพเสร็จ',
      saveFailed: 'บันทึกไม่สำเร็จ',
      uploadFailed: 'อัปโหลดรูปภาพไม่สำเร็จ',
      pending: 'ขอบคุณ! ความคิดเห็นของคุณจะแสดงหลังผ่านการตรวจสอบ',
      published: 'เผยแพร่ความคิดเห็นของคุณแล้ว',
    },
    guides: {
      title: 'วิธีหารายได้',
      typesEmpty: 'ยังไม่มีคู่มือ',
      typesEmptyHint: 'คู่มือการหารายได้กับแพลตฟอร์มจะเผยแพร่ที่นี่',
      empty: 'ยังไม่มีคู่มือประเภทนี้',
      emptyHint: 'ดึงลงเพื่อตรวจสอบอีกครั้ง หรือเลือกประเภทอื่น',
    },
    honor: {
      title: 'เกียรติยศ',
      empty: 'ยังไม่มีเกียรติยศ',
      emptyHint: 'รางวัลและใบรับรองของบริษัทจะแสดงที่นี่',
    },
    pages: {
      updated: 'อัปเดตเมื่อ {{date}}',
      more: 'ข้อมูลเพิ่มเติมเกี่ยวกับบริษัท',
    },
    signUpAnd: 'และ',
  },
};
