/**
 * The texts of the system messages, the contact form and the location pages, one object per
 * language, spread into the app's i18n files as the groups `messages`, `contactForm` and `location`.
 */
export const messageScreensEn = {
  messages: {
    title: 'System messages',
    menu: 'System messages',
    readAll: 'Read all',
    unread: 'Unread',
    unreadCount: '{{count}} unread messages',
    empty: 'No messages yet',
    emptyHint: 'Notices about your withdrawals, deposits, level and prizes appear here. Pull down to check again.',
  },
  contactForm: {
    title: 'Write to us',
    hint: 'Our answer will arrive in your system messages.',
    message: 'Your message',
    contact: 'Phone or email to reach you (optional)',
    send: 'Send',
    sent: 'Sent. We will answer in your system messages.',
    required: 'Write your message first.',
  },
  location: {
    menu: 'Share my location',
    title: 'Share your location',
    why: 'Sharing your location helps us offer services near you. We only read it if you allow it, once.',
    allow: 'Allow',
    refuse: 'Not now',
    refused: 'You chose not to share your location. We will not ask again unless you come back here.',
    back: 'Back',
    shared: 'Location shared. Thank you.',
    openTitle: 'Turn on location',
    offTitle: 'Your location is not available',
    offHint:
      'Location services are off or this browser was not allowed to use them. Turn them on in your phone settings, allow this site, then try again.',
    retry: 'Try again',
  },
};

export const messageScreensZh: typeof messageScreensEn = {
  messages: {
    title: '系统消息',
    menu: '系统消息',
    readAll: '全部已读',
    unread: '未读',
    unreadCount: '{{count}} 条未读消息',
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

export const messageScreensEs: typeof messageScreensEn = {
  messages: {
    title: 'Mensajes del sistema',
    menu: 'Mensajes del sistema',
    readAll: 'Marcar todo como leído',
    unread: 'No leído',
    unreadCount: '{{count}} mensajes sin leer',
    empty: 'Aún no hay mensajes',
    emptyHint:
      'Aquí aparecen los avisos de tus retiros, depósitos, nivel y premios. Desliza hacia abajo para actualizar.',
  },
  contactForm: {
    title: 'Escríbenos',
    hint: 'Nuestra respuesta llegará a tus mensajes del sistema.',
    message: 'Tu mensaje',
    contact: 'Teléfono o correo para contactarte (opcional)',
    send: 'Enviar',
    sent: 'Enviado. Te responderemos en tus mensajes del sistema.',
    required: 'Escribe primero tu mensaje.',
  },
  location: {
    menu: 'Compartir mi ubicación',
    title: 'Comparte tu ubicación',
    why: 'Compartir tu ubicación nos ayuda a ofrecerte servicios cercanos. Solo la leemos una vez y si lo permites.',
    allow: 'Permitir',
    refuse: 'Ahora no',
    refused: 'Elegiste no compartir tu ubicación. No volveremos a preguntar salvo que regreses aquí.',
    back: 'Volver',
    shared: 'Ubicación compartida. Gracias.',
    openTitle: 'Activa la ubicación',
    offTitle: 'Tu ubicación no está disponible',
    offHint:
      'Los servicios de ubicación están desactivados o este navegador no tiene permiso. Actívalos en los ajustes del teléfono, permite este sitio y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
};

export const messageScreensFr: typeof messageScreensEn = {
  messages: {
    title: 'Messages système',
    menu: 'Messages système',
    readAll: 'Tout marquer comme lu',
    unread: 'Non lu',
    unreadCount: '{{count}} messages non lus',
    empty: 'Aucun message pour le moment',
    emptyHint: 'Les avis sur vos retraits, dépôts, niveau et lots apparaissent ici. Tirez vers le bas pour actualiser.',
  },
  contactForm: {
    title: 'Écrivez-nous',
    hint: 'Notre réponse arrivera dans vos messages système.',
    message: 'Votre message',
    contact: 'Téléphone ou e-mail pour vous joindre (facultatif)',
    send: 'Envoyer',
    sent: 'Envoyé. Nous vous répondrons dans vos messages système.',
    required: "Écrivez d'abord votre message.",
  },
  location: {
    menu: 'Partager ma position',
    title: 'Partagez votre position',
    why: "Partager votre position nous aide à vous proposer des services près de chez vous. Nous ne la lisons qu'une fois, avec votre accord.",
    allow: 'Autoriser',
    refuse: 'Pas maintenant',
    refused:
      'Vous avez choisi de ne pas partager votre position. Nous ne le redemanderons pas, sauf si vous revenez ici.',
    back: 'Retour',
    shared: 'Position partagée. Merci.',
    openTitle: 'Activer la localisation',
    offTitle: "Votre position n'est pas disponible",
    offHint:
      "La localisation est désactivée ou ce navigateur n'y est pas autorisé. Activez-la dans les réglages du téléphone, autorisez ce site, puis réessayez.",
    retry: 'Réessayer',
  },
};

export const messageScreensVi: typeof messageScreensEn = {
  messages: {
    title: 'Tin nhắn hệ thống',
    menu: 'Tin nhắn hệ thống',
    readAll: 'Đánh dấu đã đọc tất cả',
    unread: 'Chưa đọc',
    unreadCount: '{{count}} tin nhắn chưa đọc',
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

export const messageScreensTh: typeof messageScreensEn = {
  messages: {
    title: 'ข้อความระบบ',
    menu: 'ข้อความระบบ',
    readAll: 'อ่านทั้งหมด',
    unread: 'ยังไม่อ่าน',
    unreadCount: 'ข้อความที่ยังไม่อ่าน {{count}} รายการ',
    empty: 'ยังไม่มีข้อความ',
    emptyHint: 'การแจ้งเตือนเกี่ยวกับการถอนเงิน การเติมเงิน ระดับ และรางวัลจะแสดงที่นี่ ดึงลงเพื่อรีเฟรช',
  },
  contactForm: {
    title: 'เขียนถึงเรา',
    hint: 'คำตอบของเราจะส่งไปยังข้อความระบบของคุณ',
    message: 'ข้อความของคุณ',
    contact: 'เบอร์โทรหรืออีเมลสำหรับติดต่อกลับ (ไม่บังคับ)',
    send: 'ส่ง',
    sent: 'ส่งแล้ว เราจะตอบกลับทางข้อความระบบ',
    required: 'โปรดเขียนข้อความก่อน',
  },
  location: {
    menu: 'แชร์ตำแหน่งของฉัน',
    title: 'แชร์ตำแหน่งของคุณ',
    why: 'การแชร์ตำแหน่งช่วยให้เราเสนอบริการใกล้คุณได้ เราจะอ่านตำแหน่งเพียงครั้งเดียวเมื่อคุณอนุญาตเท่านั้น',
    allow: 'อนุญาต',
    refuse: 'ไว้ภายหลัง',
    refused: 'คุณเลือกไม่แชร์ตำแหน่ง เราจะไม่ถามอีกเว้นแต่คุณกลับมาที่หน้านี้',
    back: 'ย้อนกลับ',
    shared: 'แชร์ตำแหน่งแล้ว ขอบคุณ',
    openTitle: 'เปิดบริการระบุตำแหน่ง',
    offTitle: 'ไม่สามารถระบุตำแหน่งของคุณได้',
    offHint: 'บริการระบุตำแหน่งปิดอยู่ หรือเบราว์เซอร์นี้ไม่ได้รับอนุญาต โปรดเปิดในการตั้งค่าโทรศัพท์ อนุญาตเว็บไซต์นี้ แล้วลองอีกครั้ง',
    retry: 'ลองอีกครั้ง',
  },
};
