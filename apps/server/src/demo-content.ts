import type { ContentInput, ContentType, PageSlug, Translations } from '@app/contracts';
import sharp from 'sharp';
import type { App } from './app.ts';
import { SYSTEM_ACTOR } from './modules/audit/service.ts';

/** One text in the six languages, in the order en, es, fr, vi, th, zh. */
function six(en: string, es: string, fr: string, vi: string, th: string, zh: string): Translations {
  return { en, es, fr, vi, th, zh };
}

/**
 * Paragraphs (a heading, then its text) as the editor would write them, per language: its
 * "Heading" is an h2, the level under the page's title (an h3 there skips one, axe: heading-order).
 */
function article(sections: readonly (readonly [Translations, Translations])[]): Translations {
  const html = (lang: keyof Translations) =>
    sections.map(([heading, text]) => `<h2>${heading[lang]}</h2><p>${text[lang]}</p>`).join('');
  return six(html('en'), html('es'), html('fr'), html('vi'), html('th'), html('zh'));
}

const paragraphs = (...texts: Translations[]): Translations =>
  six(
    ...((['en', 'es', 'fr', 'vi', 'th', 'zh'] as const).map((lang) =>
      texts.map((text) => `<p>${text[lang]}</p>`).join(''),
    ) as [string, string, string, string, string, string]),
  );

/**
 * A banner picture drawn here, so the demo needs no file: a gradient with its words on it. WebP:
 * the PNG was three times the bytes, on the image Home paints last (Lighthouse's LCP element).
 */
async function bannerImage(words: string, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="750" height="300" fill="url(#g)"/>
    <circle cx="640" cy="60" r="120" fill="#ffffff" fill-opacity="0.12"/>
    <text x="48" y="170" font-family="sans-serif" font-size="52" font-weight="700" fill="#ffffff">${words}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp().toBuffer();
}

const BANNERS = [
  {
    title: six(
      'Earn every hour',
      'Gana cada hora',
      'Gagnez chaque heure',
      'Kiếm tiền mỗi giờ',
      'รับรายได้ทุกชั่วโมง',
      '每小时都有收益',
    ),
    words: 'Earn every hour',
    colors: ['#1677ff', '#69b1ff'],
    link: '/pagesB/home/guideTypes',
  },
  {
    title: six(
      'Invite friends, grow together',
      'Invita a tus amigos y creced juntos',
      'Invitez vos amis, grandissez ensemble',
      'Mời bạn bè, cùng nhau phát triển',
      'ชวนเพื่อน เติบโตไปด้วยกัน',
      '邀请好友，共同成长',
    ),
    words: 'Invite friends',
    colors: ['#13a8a8', '#5cdbd3'],
    link: '/pagesB/home/posts',
  },
  {
    title: six(
      'Our anniversary',
      'Nuestro aniversario',
      'Notre anniversaire',
      'Lễ kỷ niệm của chúng tôi',
      'วันครบรอบของเรา',
      '周年庆',
    ),
    words: 'Anniversary',
    colors: ['#d46b08', '#ffc069'],
    link: '/pagesB/home/news',
  },
] as const;

const NOTICES = [
  six(
    'Withdrawals are reviewed on working days from 09:00 to 17:00.',
    'Los retiros se revisan los días laborables de 09:00 a 17:00.',
    'Les retraits sont examinés les jours ouvrés de 09:00 à 17:00.',
    'Yêu cầu rút tiền được xét duyệt vào ngày làm việc từ 09:00 đến 17:00.',
    'คำขอถอนเงินจะได้รับการตรวจสอบในวันทำการ เวลา 09:00 ถึง 17:00 น.',
    '提现在工作日 09:00 至 17:00 审核。',
  ),
  six(
    'Never share your password or verification codes with anyone, including our staff.',
    'Nunca comparta su contraseña ni sus códigos de verificación con nadie, ni siquiera con nuestro personal.',
    'Ne communiquez jamais votre mot de passe ni vos codes de vérification, même à notre personnel.',
    'Không bao giờ chia sẻ mật khẩu hoặc mã xác minh với bất kỳ ai, kể cả nhân viên của chúng tôi.',
    'อย่าเปิดเผยรหัสผ่านหรือรหัสยืนยันแก่ผู้ใด รวมถึงพนักงานของเรา',
    '请勿向任何人（包括我们的工作人员）透露您的密码或验证码。',
  ),
];

const NEWS = [
  {
    title: six(
      'A new mining site opens',
      'Abre un nuevo centro de minería',
      "Ouverture d'un nouveau site de minage",
      'Khai trương khu khai thác mới',
      'เปิดศูนย์ขุดแห่งใหม่',
      '新矿场正式启用',
    ),
    summary: six(
      'More machines, steadier income.',
      'Más máquinas, ingresos más estables.',
      'Plus de machines, des revenus plus réguliers.',
      'Nhiều máy hơn, thu nhập ổn định hơn.',
      'เครื่องมากขึ้น รายได้มั่นคงขึ้น',
      '更多矿机，收益更稳定。',
    ),
    body: paragraphs(
      six(
        'Our second site has started work this month with twice the capacity of the first.',
        'Nuestro segundo centro ha empezado a funcionar este mes con el doble de capacidad que el primero.',
        'Notre deuxième site a démarré ce mois-ci avec une capacité double de celle du premier.',
        'Khu thứ hai của chúng tôi đã đi vào hoạt động trong tháng này với công suất gấp đôi khu đầu tiên.',
        'ศูนย์แห่งที่สองของเราเริ่มดำเนินการเดือนนี้ ด้วยกำลังการผลิตเป็นสองเท่าของแห่งแรก',
        '我们的第二个矿场已于本月投入运行，产能是第一个矿场的两倍。',
      ),
      six(
        'New machines go on sale in the app as they are installed.',
        'Las nuevas máquinas se ponen a la venta en la aplicación a medida que se instalan.',
        "Les nouvelles machines sont mises en vente dans l'application au fur et à mesure de leur installation.",
        'Máy mới sẽ được mở bán trong ứng dụng ngay khi lắp đặt xong.',
        'เครื่องใหม่จะวางขายในแอปทันทีที่ติดตั้งเสร็จ',
        '新矿机安装完成后将陆续在应用内上架。',
      ),
    ),
  },
  {
    title: six(
      'The app now speaks six languages',
      'La aplicación ya habla seis idiomas',
      "L'application parle désormais six langues",
      'Ứng dụng nay hỗ trợ sáu ngôn ngữ',
      'แอปรองรับหกภาษาแล้ว',
      '应用现已支持六种语言',
    ),
    summary: six(
      'English, Spanish, French, Vietnamese, Thai and Chinese.',
      'Inglés, español, francés, vietnamita, tailandés y chino.',
      'Anglais, espagnol, français, vietnamien, thaï et chinois.',
      'Tiếng Anh, Tây Ban Nha, Pháp, Việt, Thái và Trung.',
      'อังกฤษ สเปน ฝรั่งเศส เวียดนาม ไทย และจีน',
      '英语、西班牙语、法语、越南语、泰语和中文。',
    ),
    body: paragraphs(
      six(
        'Choose your language in Settings; the app also follows the language of your phone.',
        'Elija su idioma en Ajustes; la aplicación también sigue el idioma de su teléfono.',
        "Choisissez votre langue dans les Réglages ; l'application suit aussi la langue de votre téléphone.",
        'Chọn ngôn ngữ trong Cài đặt; ứng dụng cũng theo ngôn ngữ của điện thoại bạn.',
        'เลือกภาษาได้ที่การตั้งค่า แอปจะใช้ภาษาของโทรศัพท์คุณด้วย',
        '您可在“设置”中选择语言；应用也会跟随手机的语言。',
      ),
    ),
  },
  {
    title: six(
      'Customer service hours extended',
      'Amplíamos el horario de atención al cliente',
      'Horaires du service client élargis',
      'Kéo dài giờ chăm sóc khách hàng',
      'ขยายเวลาให้บริการลูกค้า',
      '客服服务时间延长',
    ),
    summary: six(
      'We now answer every day from 08:00 to 22:00.',
      'Ahora respondemos todos los días de 08:00 a 22:00.',
      'Nous répondons désormais tous les jours de 08:00 à 22:00.',
      'Chúng tôi hiện hỗ trợ mỗi ngày từ 08:00 đến 22:00.',
      'ขณะนี้เราตอบทุกวัน เวลา 08:00 ถึง 22:00 น.',
      '现每天 08:00 至 22:00 为您服务。',
    ),
    body: paragraphs(
      six(
        'Reach us from the customer service page of the app.',
        'Contáctenos desde la página de atención al cliente de la aplicación.',
        "Contactez-nous depuis la page Service client de l'application.",
        'Liên hệ với chúng tôi từ trang chăm sóc khách hàng trong ứng dụng.',
        'ติดต่อเราได้จากหน้าบริการลูกค้าในแอป',
        '请通过应用内的客服页面联系我们。',
      ),
    ),
  },
];

const POSTS = [
  {
    title: six(
      'My first month with the Starter Miner',
      'Mi primer mes con el Minero inicial',
      'Mon premier mois avec le Mineur débutant',
      'Tháng đầu tiên của tôi với Máy đào khởi đầu',
      'เดือนแรกของฉันกับเครื่องขุดเริ่มต้น',
      '我使用入门矿机的第一个月',
    ),
    body: paragraphs(
      six(
        'I collected my income every working day and bought a second machine at the end of the month.',
        'Cobré mis ingresos cada día laborable y compré una segunda máquina a fin de mes.',
        "J'ai collecté mes revenus chaque jour ouvré et acheté une deuxième machine à la fin du mois.",
        'Tôi nhận thu nhập mỗi ngày làm việc và mua thêm máy thứ hai vào cuối tháng.',
        'ฉันรับรายได้ทุกวันทำการ และซื้อเครื่องที่สองเมื่อสิ้นเดือน',
        '我每个工作日都领取收益，月底又买了第二台矿机。',
      ),
    ),
  },
  {
    title: six(
      'Share your tips for new members',
      'Comparte tus consejos para los nuevos miembros',
      'Partagez vos conseils aux nouveaux membres',
      'Chia sẻ mẹo của bạn cho thành viên mới',
      'แบ่งปันเคล็ดลับให้สมาชิกใหม่',
      '为新成员分享你的经验',
    ),
    body: paragraphs(
      six(
        'What helped you most when you started? Tell us in the comments.',
        '¿Qué te ayudó más al empezar? Cuéntanoslo en los comentarios.',
        "Qu'est-ce qui vous a le plus aidé à vos débuts ? Dites-le-nous en commentaire.",
        'Điều gì giúp bạn nhiều nhất khi mới bắt đầu? Hãy kể trong phần bình luận.',
        'ตอนเริ่มต้น อะไรช่วยคุณได้มากที่สุด บอกเราในความคิดเห็น',
        '刚开始时什么对你帮助最大？请在评论中告诉我们。',
      ),
    ),
  },
];

const GUIDE_TYPES = [
  {
    title: six('Machines', 'Máquinas', 'Machines', 'Máy đào', 'เครื่องขุด', '矿机'),
    guides: [
      {
        title: six(
          'Choose your first machine',
          'Elige tu primera máquina',
          'Choisir sa première machine',
          'Chọn máy đầu tiên',
          'เลือกเครื่องแรกของคุณ',
          '选择你的第一台矿机',
        ),
        body: paragraphs(
          six(
            'Compare the income per cycle, the number of cycles and the total return shown on each machine.',
            'Compara el ingreso por ciclo, el número de ciclos y el rendimiento total de cada máquina.',
            'Comparez le revenu par cycle, le nombre de cycles et le rendement total affichés sur chaque machine.',
            'So sánh thu nhập mỗi chu kỳ, số chu kỳ và tổng lợi nhuận hiển thị trên từng máy.',
            'เปรียบเทียบรายได้ต่อรอบ จำนวนรอบ และผลตอบแทนรวมที่แสดงในแต่ละเครื่อง',
            '比较每台矿机显示的每周期收益、周期数和总回报率。',
          ),
        ),
      },
      {
        title: six(
          'Collect your income',
          'Cobra tus ingresos',
          'Collecter ses revenus',
          'Nhận thu nhập',
          'รับรายได้ของคุณ',
          '领取收益',
        ),
        body: paragraphs(
          six(
            'Income builds up every cycle; collect it on collection days to move it to your income wallet.',
            'Los ingresos se acumulan en cada ciclo; cóbralos los días de cobro para pasarlos a tu billetera de ingresos.',
            'Les revenus s’accumulent à chaque cycle ; collectez-les les jours de collecte pour les verser sur votre portefeuille de revenus.',
            'Thu nhập tích lũy mỗi chu kỳ; hãy nhận vào ngày nhận để chuyển sang ví thu nhập.',
            'รายได้สะสมทุกรอบ กดรับในวันรับรายได้เพื่อโอนเข้ากระเป๋ารายได้',
            '收益按周期累积；在领取日领取后即转入收益钱包。',
          ),
        ),
      },
    ],
  },
  {
    title: six('Team', 'Equipo', 'Équipe', 'Đội nhóm', 'ทีม', '团队'),
    guides: [
      {
        title: six(
          'Invite with your link',
          'Invita con tu enlace',
          'Inviter avec son lien',
          'Mời bằng liên kết của bạn',
          'เชิญด้วยลิงก์ของคุณ',
          '用你的链接邀请',
        ),
        body: paragraphs(
          six(
            'Share your invite link or code from the Team page; friends who sign up with it join your team.',
            'Comparte tu enlace o código de invitación desde la página Equipo; quienes se registren con él se unen a tu equipo.',
            "Partagez votre lien ou code d'invitation depuis la page Équipe ; les amis qui s'inscrivent avec rejoignent votre équipe.",
            'Chia sẻ liên kết hoặc mã mời từ trang Đội nhóm; bạn bè đăng ký bằng mã đó sẽ vào đội của bạn.',
            'แชร์ลิงก์หรือรหัสเชิญจากหน้าทีม เพื่อนที่สมัครด้วยลิงก์นั้นจะเข้าร่วมทีมของคุณ',
            '在“团队”页面分享你的邀请链接或邀请码；好友用它注册即加入你的团队。',
          ),
        ),
      },
      {
        title: six(
          'Referral rewards',
          'Recompensas por referidos',
          'Récompenses de parrainage',
          'Thưởng giới thiệu',
          'รางวัลการแนะนำ',
          '推荐奖励',
        ),
        body: paragraphs(
          six(
            'When members of your team buy machines, you receive a share on three levels, paid to your income wallet.',
            'Cuando los miembros de tu equipo compran máquinas, recibes una parte en tres niveles, abonada en tu billetera de ingresos.',
            'Quand les membres de votre équipe achètent des machines, vous recevez une part sur trois niveaux, versée sur votre portefeuille de revenus.',
            'Khi thành viên trong đội mua máy, bạn nhận được phần thưởng trên ba cấp, trả vào ví thu nhập.',
            'เมื่อสมาชิกในทีมซื้อเครื่อง คุณจะได้รับส่วนแบ่งสามระดับ โอนเข้ากระเป๋ารายได้',
            '团队成员购买矿机时，你可获得三级分成，计入收益钱包。',
          ),
        ),
      },
    ],
  },
];

const HONORS = [
  {
    title: six(
      'Best new platform of the year',
      'Mejor plataforma nueva del año',
      "Meilleure nouvelle plateforme de l'année",
      'Nền tảng mới xuất sắc nhất năm',
      'แพลตฟอร์มใหม่ยอดเยี่ยมแห่งปี',
      '年度最佳新平台',
    ),
    summary: six(
      'Awarded by the regional fintech forum.',
      'Otorgado por el foro regional de tecnología financiera.',
      'Décerné par le forum régional de la fintech.',
      'Do diễn đàn công nghệ tài chính khu vực trao tặng.',
      'มอบโดยเวทีฟินเทคระดับภูมิภาค',
      '由地区金融科技论坛颁发。',
    ),
    words: 'Best new platform',
    colors: ['#531dab', '#b37feb'],
  },
  {
    title: six(
      'One million collections',
      'Un millón de cobros',
      'Un million de collectes',
      'Một triệu lượt nhận thu nhập',
      'การรับรายได้หนึ่งล้านครั้ง',
      '累计领取一百万次',
    ),
    summary: six(
      'Thank you to every member.',
      'Gracias a cada miembro.',
      'Merci à chaque membre.',
      'Cảm ơn từng thành viên.',
      'ขอบคุณสมาชิกทุกท่าน',
      '感谢每一位成员。',
    ),
    words: '1,000,000',
    colors: ['#c41d7f', '#ff85c0'],
  },
] as const;

const PAGES: Record<PageSlug, { title: Translations; body: Translations }> = {
  about: {
    title: six('About us', 'Sobre nosotros', 'À propos', 'Về chúng tôi', 'เกี่ยวกับเรา', '关于我们'),
    body: paragraphs(
      six(
        'We run income-producing machines and share what they earn with the members who own them.',
        'Operamos máquinas que generan ingresos y compartimos lo que ganan con los miembros que las poseen.',
        'Nous exploitons des machines qui produisent des revenus et en partageons les gains avec les membres qui les possèdent.',
        'Chúng tôi vận hành các máy tạo thu nhập và chia sẻ lợi nhuận với những thành viên sở hữu chúng.',
        'เราดำเนินงานเครื่องที่สร้างรายได้ และแบ่งปันรายได้ให้สมาชิกที่เป็นเจ้าของ',
        '我们运营可产生收益的矿机，并与拥有矿机的成员分享收益。',
      ),
      six(
        'Every amount you see in the app comes from one ledger, checked every day.',
        'Cada importe que ve en la aplicación procede de un único libro contable que se verifica a diario.',
        "Chaque montant affiché dans l'application provient d'un seul grand livre, vérifié chaque jour.",
        'Mọi số tiền bạn thấy trong ứng dụng đều đến từ một sổ cái duy nhất, được kiểm tra hằng ngày.',
        'ทุกยอดเงินที่คุณเห็นในแอปมาจากบัญชีแยกประเภทเดียว ซึ่งตรวจสอบทุกวัน',
        '您在应用中看到的每一笔金额都来自同一本账簿，并每天核对。',
      ),
    ),
  },
  history: {
    title: six(
      'Company history',
      'Historia de la empresa',
      "Histoire de l'entreprise",
      'Lịch sử công ty',
      'ประวัติบริษัท',
      '公司历史',
    ),
    body: article([
      [
        six('2023', '2023', '2023', '2023', '2566', '2023 年'),
        six(
          'The company is founded in Lagos with ten machines.',
          'La empresa se funda en Lagos con diez máquinas.',
          "L'entreprise est fondée à Lagos avec dix machines.",
          'Công ty được thành lập tại Lagos với mười máy.',
          'ก่อตั้งบริษัทที่ลากอสด้วยเครื่องสิบเครื่อง',
          '公司在拉各斯成立，拥有十台矿机。',
        ),
      ],
      [
        six('2024', '2024', '2024', '2024', '2567', '2024 年'),
        six(
          'The app opens to the public; the first thousand members join.',
          'La aplicación se abre al público; se unen los primeros mil miembros.',
          "L'application ouvre au public ; les mille premiers membres la rejoignent.",
          'Ứng dụng mở cho công chúng; một nghìn thành viên đầu tiên tham gia.',
          'เปิดแอปให้บุคคลทั่วไป สมาชิกพันคนแรกเข้าร่วม',
          '应用向公众开放，首批一千名成员加入。',
        ),
      ],
      [
        six('2026', '2026', '2026', '2026', '2569', '2026 年'),
        six(
          'A second site opens and the app speaks six languages.',
          'Abre un segundo centro y la aplicación habla seis idiomas.',
          "Un deuxième site ouvre et l'application parle six langues.",
          'Khu thứ hai khai trương và ứng dụng hỗ trợ sáu ngôn ngữ.',
          'เปิดศูนย์แห่งที่สอง และแอปรองรับหกภาษา',
          '第二个矿场启用，应用支持六种语言。',
        ),
      ],
    ]),
  },
  leadership: {
    title: six('Leadership', 'Dirección', 'Direction', 'Ban lãnh đạo', 'ผู้บริหาร', '领导团队'),
    body: article([
      [
        six(
          'Adaeze Okafor, chief executive',
          'Adaeze Okafor, consejera delegada',
          'Adaeze Okafor, directrice générale',
          'Adaeze Okafor, giám đốc điều hành',
          'Adaeze Okafor ประธานเจ้าหน้าที่บริหาร',
          'Adaeze Okafor，首席执行官',
        ),
        six(
          'Fifteen years in payments; leads the company since its founding.',
          'Quince años en pagos; dirige la empresa desde su fundación.',
          "Quinze ans dans les paiements ; dirige l'entreprise depuis sa fondation.",
          'Mười lăm năm trong lĩnh vực thanh toán; điều hành công ty từ khi thành lập.',
          'ประสบการณ์ด้านการชำระเงินสิบห้าปี บริหารบริษัทตั้งแต่ก่อตั้ง',
          '从事支付行业十五年，自公司成立起担任负责人。',
        ),
      ],
      [
        six(
          'Minh Tran, chief technology officer',
          'Minh Tran, director de tecnología',
          'Minh Tran, directeur technique',
          'Trần Minh, giám đốc công nghệ',
          'Minh Tran ประธานเจ้าหน้าที่ฝ่ายเทคโนโลยี',
          'Minh Tran，首席技术官',
        ),
        six(
          'Builds the platform and keeps every balance exact.',
          'Construye la plataforma y mantiene exacto cada saldo.',
          'Construit la plateforme et veille à l’exactitude de chaque solde.',
          'Xây dựng nền tảng và giữ mọi số dư chính xác.',
          'สร้างแพลตฟอร์มและดูแลให้ยอดคงเหลือทุกรายการถูกต้อง',
          '负责构建平台，确保每一笔余额准确无误。',
        ),
      ],
    ]),
  },
  agreement: {
    title: six(
      'User agreement',
      'Acuerdo de usuario',
      "Conditions d'utilisation",
      'Thỏa thuận người dùng',
      'ข้อตกลงผู้ใช้',
      '用户协议',
    ),
    body: article([
      [
        six('1. Your account', '1. Su cuenta', '1. Votre compte', '1. Tài khoản của bạn', '1. บัญชีของคุณ', '1. 您的账户'),
        six(
          'You open one account with your own email address or phone number and keep your password and payment password secret. You are responsible for everything done with your account until you tell us it has been used by someone else.',
          'Usted abre una única cuenta con su propio correo o número de teléfono y mantiene en secreto su contraseña y su contraseña de pago. Es responsable de todo lo que se haga con su cuenta hasta que nos informe de que otra persona la ha usado.',
          "Vous ouvrez un seul compte avec votre propre adresse e-mail ou numéro de téléphone et gardez secrets votre mot de passe et votre mot de passe de paiement. Vous êtes responsable de tout ce qui est fait avec votre compte jusqu'à ce que vous nous signaliez qu'un tiers l'a utilisé.",
          'Bạn mở một tài khoản bằng email hoặc số điện thoại của chính mình và giữ bí mật mật khẩu cũng như mật khẩu thanh toán. Bạn chịu trách nhiệm về mọi hoạt động trên tài khoản cho đến khi báo cho chúng tôi rằng người khác đã sử dụng nó.',
          'คุณเปิดบัญชีเดียวด้วยอีเมลหรือเบอร์โทรศัพท์ของคุณเอง และเก็บรหัสผ่านและรหัสผ่านการชำระเงินเป็นความลับ คุณต้องรับผิดชอบทุกการกระทำในบัญชีของคุณ จนกว่าจะแจ้งเราว่ามีผู้อื่นใช้บัญชีนั้น',
          '您使用本人的邮箱或手机号开设一个账户，并对登录密码和支付密码保密。在您通知我们账户被他人使用之前，您对账户内的一切操作负责。',
        ),
      ],
      [
        six(
          '2. Machines and income',
          '2. Máquinas e ingresos',
          '2. Machines et revenus',
          '2. Máy đào và thu nhập',
          '2. เครื่องขุดและรายได้',
          '2. 矿机与收益',
        ),
        six(
          'Each machine shows its price, its income per cycle and its number of cycles before you buy it. Income accrues cycle by cycle and is credited when you collect it on a collection day. Past income does not promise future income.',
          'Cada máquina muestra su precio, su ingreso por ciclo y su número de ciclos antes de comprarla. Los ingresos se acumulan ciclo a ciclo y se abonan cuando los cobra en un día de cobro. Los ingresos pasados no garantizan los futuros.',
          "Chaque machine indique son prix, son revenu par cycle et son nombre de cycles avant l'achat. Les revenus s'accumulent cycle après cycle et sont crédités lorsque vous les collectez un jour de collecte. Les revenus passés ne préjugent pas des revenus futurs.",
          'Mỗi máy hiển thị giá, thu nhập mỗi chu kỳ và số chu kỳ trước khi bạn mua. Thu nhập tích lũy theo từng chu kỳ và được ghi có khi bạn nhận vào ngày nhận. Thu nhập trong quá khứ không bảo đảm thu nhập trong tương lai.',
          'ทุกเครื่องแสดงราคา รายได้ต่อรอบ และจำนวนรอบก่อนที่คุณจะซื้อ รายได้สะสมทีละรอบและจะเข้าบัญชีเมื่อคุณกดรับในวันรับรายได้ รายได้ในอดีตไม่ได้รับประกันรายได้ในอนาคต',
          '每台矿机在购买前都会显示价格、每周期收益和周期数。收益按周期累积，在领取日领取后入账。过往收益不代表未来收益。',
        ),
      ],
      [
        six(
          '3. Deposits and withdrawals',
          '3. Depósitos y retiros',
          '3. Dépôts et retraits',
          '3. Nạp và rút tiền',
          '3. การฝากและถอนเงิน',
          '3. 充值与提现',
        ),
        six(
          'Deposits are made through the payment methods shown in the app. Withdrawals go to a payout account in your own name, within the limits, days, hours and fee shown on the withdrawal page, and may be reviewed before they are paid.',
          'Los depósitos se realizan con los métodos de pago que muestra la aplicación. Los retiros van a una cuenta de cobro a su nombre, dentro de los límites, días, horas y comisión indicados en la página de retiro, y pueden revisarse antes de pagarse.',
          "Les dépôts se font par les moyens de paiement affichés dans l'application. Les retraits sont versés sur un compte à votre nom, dans les limites, jours, heures et frais indiqués sur la page de retrait, et peuvent être examinés avant d'être payés.",
          'Nạp tiền qua các phương thức thanh toán hiển thị trong ứng dụng. Tiền rút được chuyển vào tài khoản nhận đứng tên bạn, trong giới hạn, ngày, giờ và phí ghi trên trang rút tiền, và có thể được xét duyệt trước khi thanh toán.',
          'การฝากเงินทำผ่านช่องทางชำระเงินที่แสดงในแอป การถอนเงินจะโอนเข้าบัญชีรับเงินในชื่อของคุณ ตามวงเงิน วัน เวลา และค่าธรรมเนียมที่แสดงในหน้าถอนเงิน และอาจได้รับการตรวจสอบก่อนจ่าย',
          '充值通过应用内显示的支付方式进行。提现将转入您本人名下的收款账户，须符合提现页面所示的限额、日期、时间和手续费，并可能在支付前经过审核。',
        ),
      ],
      [
        six(
          '4. Fair use',
          '4. Uso leal',
          '4. Usage loyal',
          '4. Sử dụng công bằng',
          '4. การใช้งานอย่างเป็นธรรม',
          '4. 合理使用',
        ),
        six(
          'Do not open accounts for others, use automated tools, or post comments that are unlawful, abusive or advertising. We may hide such comments and freeze accounts that break these rules, after telling you why.',
          'No abra cuentas para otras personas, no use herramientas automáticas ni publique comentarios ilícitos, ofensivos o publicitarios. Podemos ocultar esos comentarios y congelar las cuentas que incumplan estas normas, tras explicarle el motivo.',
          "N'ouvrez pas de comptes pour d'autres personnes, n'utilisez pas d'outils automatisés et ne publiez pas de commentaires illicites, injurieux ou publicitaires. Nous pouvons masquer ces commentaires et geler les comptes qui enfreignent ces règles, après vous en avoir indiqué la raison.",
          'Không mở tài khoản cho người khác, không dùng công cụ tự động và không đăng bình luận trái pháp luật, xúc phạm hoặc quảng cáo. Chúng tôi có thể ẩn các bình luận đó và đóng băng tài khoản vi phạm, sau khi cho bạn biết lý do.',
          'ห้ามเปิดบัญชีแทนผู้อื่น ใช้เครื่องมืออัตโนมัติ หรือโพสต์ความคิดเห็นที่ผิดกฎหมาย หยาบคาย หรือเป็นโฆษณา เราอาจซ่อนความคิดเห็นดังกล่าวและระงับบัญชีที่ฝ่าฝืนกฎ โดยแจ้งเหตุผลให้คุณทราบ',
          '请勿为他人开设账户、使用自动化工具，或发布违法、辱骂或广告类评论。我们可在告知原因后隐藏此类评论并冻结违反规则的账户。',
        ),
      ],
      [
        six(
          '5. Changes to this agreement',
          '5. Cambios en este acuerdo',
          '5. Modifications des conditions',
          '5. Thay đổi thỏa thuận',
          '5. การเปลี่ยนแปลงข้อตกลงนี้',
          '5. 协议变更',
        ),
        six(
          'We announce changes in the app at least seven days before they apply. If you keep using the app after that date, the new version applies; you may close your account at any time and withdraw your balance under the rules above.',
          'Anunciamos los cambios en la aplicación al menos siete días antes de que se apliquen. Si sigue usando la aplicación después de esa fecha, se aplica la nueva versión; puede cerrar su cuenta en cualquier momento y retirar su saldo según las normas anteriores.',
          "Nous annonçons les modifications dans l'application au moins sept jours avant leur entrée en vigueur. Si vous continuez à utiliser l'application après cette date, la nouvelle version s'applique ; vous pouvez fermer votre compte à tout moment et retirer votre solde selon les règles ci-dessus.",
          'Chúng tôi thông báo thay đổi trong ứng dụng ít nhất bảy ngày trước khi áp dụng. Nếu bạn tiếp tục sử dụng sau ngày đó, phiên bản mới sẽ được áp dụng; bạn có thể đóng tài khoản bất cứ lúc nào và rút số dư theo các quy định trên.',
          'เราจะประกาศการเปลี่ยนแปลงในแอปอย่างน้อยเจ็ดวันก่อนมีผล หากคุณยังใช้แอปหลังวันดังกล่าว ให้ถือว่าฉบับใหม่มีผลบังคับ คุณปิดบัญชีได้ทุกเมื่อและถอนยอดคงเหลือตามกฎข้างต้น',
          '我们会在变更生效前至少七天在应用内公告。若您在生效日后继续使用本应用，即适用新版本；您可随时注销账户，并按上述规则提取余额。',
        ),
      ],
    ]),
  },
  privacy: {
    title: six(
      'Privacy policy',
      'Política de privacidad',
      'Politique de confidentialité',
      'Chính sách quyền riêng tư',
      'นโยบายความเป็นส่วนตัว',
      '隐私政策',
    ),
    body: article([
      [
        six(
          '1. What we collect',
          '1. Qué datos recogemos',
          '1. Ce que nous collectons',
          '1. Dữ liệu chúng tôi thu thập',
          '1. ข้อมูลที่เราเก็บ',
          '1. 我们收集的信息',
        ),
        six(
          'Your email address or phone number, your nickname and avatar, your payout accounts, the machines you buy and every amount that moves in your wallets, and the address and device you sign in from.',
          'Su correo o número de teléfono, su apodo y avatar, sus cuentas de cobro, las máquinas que compra y cada importe que se mueve en sus billeteras, así como la dirección y el dispositivo desde los que inicia sesión.',
          "Votre adresse e-mail ou numéro de téléphone, votre pseudo et votre avatar, vos comptes de versement, les machines que vous achetez et chaque montant qui circule dans vos portefeuilles, ainsi que l'adresse et l'appareil depuis lesquels vous vous connectez.",
          'Email hoặc số điện thoại, biệt danh và ảnh đại diện, tài khoản nhận tiền, các máy bạn mua và mọi khoản tiền di chuyển trong ví, cùng địa chỉ và thiết bị bạn dùng để đăng nhập.',
          'อีเมลหรือเบอร์โทรศัพท์ ชื่อเล่นและรูปโปรไฟล์ บัญชีรับเงิน เครื่องที่คุณซื้อ และทุกยอดเงินที่เคลื่อนไหวในกระเป๋าเงิน รวมถึงที่อยู่และอุปกรณ์ที่คุณใช้เข้าสู่ระบบ',
          '您的邮箱或手机号、昵称和头像、收款账户、您购买的矿机及钱包中的每一笔资金变动，以及您登录时使用的地址和设备。',
        ),
      ],
      [
        six(
          '2. Why we use it',
          '2. Para qué los usamos',
          '2. Pourquoi nous les utilisons',
          '2. Mục đích sử dụng',
          '2. เหตุผลที่เราใช้ข้อมูล',
          '2. 我们为何使用这些信息',
        ),
        six(
          'To run your account, pay your income and withdrawals, keep the books exact, protect you against fraud and answer you when you contact us. We do not sell your data.',
          'Para gestionar su cuenta, pagar sus ingresos y retiros, mantener exacta la contabilidad, protegerle contra el fraude y responderle cuando nos contacte. No vendemos sus datos.',
          'Pour gérer votre compte, verser vos revenus et vos retraits, tenir une comptabilité exacte, vous protéger contre la fraude et vous répondre lorsque vous nous contactez. Nous ne vendons pas vos données.',
          'Để vận hành tài khoản, chi trả thu nhập và tiền rút, giữ sổ sách chính xác, bảo vệ bạn khỏi gian lận và phản hồi khi bạn liên hệ. Chúng tôi không bán dữ liệu của bạn.',
          'เพื่อดูแลบัญชีของคุณ จ่ายรายได้และเงินถอน รักษาบัญชีให้ถูกต้อง ป้องกันการฉ้อโกง และตอบกลับเมื่อคุณติดต่อเรา เราไม่ขายข้อมูลของคุณ',
          '用于运营您的账户、支付收益和提现、保持账目准确、防范欺诈，以及在您联系我们时答复您。我们不会出售您的数据。',
        ),
      ],
      [
        six(
          '3. Who sees it',
          '3. Quién puede verlos',
          '3. Qui y a accès',
          '3. Ai được xem',
          '3. ผู้ที่เห็นข้อมูล',
          '3. 谁能看到这些信息',
        ),
        six(
          'Our staff, each only for their task; the payment providers that carry your deposits and withdrawals; and authorities where the law requires it. Other members see only your nickname, avatar and the comments you post.',
          'Nuestro personal, cada uno solo para su tarea; los proveedores de pago que tramitan sus depósitos y retiros; y las autoridades cuando la ley lo exija. Los demás miembros solo ven su apodo, su avatar y los comentarios que publica.',
          "Notre personnel, chacun pour sa seule tâche ; les prestataires de paiement qui traitent vos dépôts et retraits ; et les autorités lorsque la loi l'exige. Les autres membres ne voient que votre pseudo, votre avatar et les commentaires que vous publiez.",
          'Nhân viên của chúng tôi, mỗi người chỉ trong phạm vi công việc; các nhà cung cấp thanh toán xử lý tiền nạp và rút; và cơ quan chức năng khi pháp luật yêu cầu. Thành viên khác chỉ thấy biệt danh, ảnh đại diện và bình luận bạn đăng.',
          'พนักงานของเรา เฉพาะงานที่รับผิดชอบ ผู้ให้บริการชำระเงินที่ดำเนินการฝากและถอนเงิน และหน่วยงานรัฐเมื่อกฎหมายกำหนด สมาชิกคนอื่นเห็นเพียงชื่อเล่น รูปโปรไฟล์ และความคิดเห็นที่คุณโพสต์',
          '我们的员工（仅限其职责所需）、处理您充值和提现的支付服务商，以及法律要求时的相关机关。其他成员只能看到您的昵称、头像和您发布的评论。',
        ),
      ],
      [
        six(
          '4. How long we keep it',
          '4. Cuánto tiempo los conservamos',
          '4. Combien de temps nous les conservons',
          '4. Thời gian lưu trữ',
          '4. ระยะเวลาที่เราเก็บข้อมูล',
          '4. 保存期限',
        ),
        six(
          'Account details while your account is open; the record of every amount for as long as accounting law requires, even after your account is closed.',
          'Los datos de la cuenta mientras esté abierta; el registro de cada importe durante el tiempo que exija la normativa contable, incluso después de cerrar la cuenta.',
          "Les données du compte tant qu'il est ouvert ; l'enregistrement de chaque montant aussi longtemps que le droit comptable l'exige, même après la fermeture du compte.",
          'Thông tin tài khoản trong thời gian tài khoản còn mở; hồ sơ mọi khoản tiền trong thời hạn luật kế toán yêu cầu, kể cả sau khi đóng tài khoản.',
          'ข้อมูลบัญชีเก็บไว้ตลอดที่บัญชียังเปิดอยู่ ส่วนบันทึกยอดเงินทุกรายการเก็บไว้ตามระยะเวลาที่กฎหมายบัญชีกำหนด แม้หลังปิดบัญชีแล้ว',
          '账户信息在账户存续期间保存；每一笔资金记录按会计法规要求的期限保存，即使账户注销后亦然。',
        ),
      ],
      [
        six('5. Your rights', '5. Sus derechos', '5. Vos droits', '5. Quyền của bạn', '5. สิทธิของคุณ', '5. 您的权利'),
        six(
          'You may see and correct your details in the app, ask us for a copy of your data, and ask us to delete what the law does not oblige us to keep. Write to customer service; we answer within thirty days.',
          'Puede ver y corregir sus datos en la aplicación, pedirnos una copia de sus datos y solicitar que borremos lo que la ley no nos obligue a conservar. Escriba al servicio de atención al cliente; respondemos en un plazo de treinta días.',
          "Vous pouvez consulter et corriger vos informations dans l'application, nous demander une copie de vos données et nous demander d'effacer ce que la loi ne nous oblige pas à conserver. Écrivez au service client ; nous répondons sous trente jours.",
          'Bạn có thể xem và sửa thông tin trong ứng dụng, yêu cầu bản sao dữ liệu và yêu cầu xóa những gì pháp luật không bắt buộc lưu giữ. Hãy liên hệ bộ phận chăm sóc khách hàng; chúng tôi phản hồi trong vòng ba mươi ngày.',
          'คุณดูและแก้ไขข้อมูลได้ในแอป ขอสำเนาข้อมูลของคุณ และขอให้ลบข้อมูลที่กฎหมายไม่ได้บังคับให้เก็บ ติดต่อฝ่ายบริการลูกค้า เราจะตอบภายในสามสิบวัน',
          '您可以在应用中查看和更正个人信息，向我们索取数据副本，并要求删除法律未强制保存的信息。请联系客服，我们将在三十天内答复。',
        ),
      ],
    ]),
  },
};

const EMPTY = six('', '', '', '', '', '');

/**
 * Something on every content screen of the trial: banners and notices on Home, news, posts open
 * for comments, guides under two types, honors and the five company pages, in the six languages.
 * Pictures are drawn here and stored through the uploads service, as an operator's would be.
 */
export async function seedDemoArticles(built: App): Promise<void> {
  const { content, uploads, admins } = built.services;
  const owner = (await admins.list()).find((admin) => admin.role === 'owner');
  if (!owner) throw new Error('the demo content needs the owner, created before it');
  const picture = async (words: string, colors: readonly [string, string]) => {
    const bytes = await bannerImage(words, colors[0], colors[1]);
    return (
      await uploads.upload({ ...SYSTEM_ACTOR, adminId: owner.id }, async () => ({
        bytes,
        fields: { purpose: 'image' },
      }))
    ).url;
  };
  const save = (type: ContentType, input: Omit<ContentInput, 'status'>) =>
    content.create(type, { ...input, status: 'published' }, SYSTEM_ACTOR);

  for (const [sort, banner] of BANNERS.entries()) {
    const image = await picture(banner.words, banner.colors);
    await save('banners', { title: banner.title, image, link: banner.link, sort });
  }
  for (const [sort, title] of NOTICES.entries()) await save('notices', { title, body: EMPTY, sort });
  for (const news of NEWS) await save('news', { title: news.title, summary: news.summary, body: news.body });
  for (const post of POSTS) await save('posts', { title: post.title, body: post.body, commentsOpen: true });
  for (const [sort, type] of GUIDE_TYPES.entries()) {
    const { id: typeId } = await save('guideTypes', { title: type.title, sort });
    for (const guide of type.guides) await save('guides', { typeId, title: guide.title, body: guide.body });
  }
  for (const honor of HONORS) {
    const image = await picture(honor.words, honor.colors);
    await save('honors', { title: honor.title, summary: honor.summary, body: paragraphs(honor.summary), image });
  }
  for (const [slug, page] of Object.entries(PAGES) as [PageSlug, (typeof PAGES)[PageSlug]][]) {
    await save('pages', { slug, title: page.title, body: page.body });
  }
}
