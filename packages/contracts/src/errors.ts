import type { Translations } from './languages.ts';

export const SUCCESS_CODE = 100000;
export const MAINTENANCE_CODE = 500000;
export const SESSION_CODES = [300400, 300401, 300402, 300403, 300404, 300405, 300406] as const;

export function isSessionCode(code: number): boolean {
  return code >= 300400 && code <= 300406;
}

interface ErrorDef {
  code: number;
  msg: Translations;
}

/**
 * Every business error the API can answer. Keys double as zod issue messages in the endpoint
 * schemas, so a failed field check maps to its precise, translated message.
 */
export const ERRORS = {
  SESSION_MISSING: {
    code: 300400,
    msg: {
      en: 'You are not logged in yet. Please sign in.',
      es: 'Aún no has iniciado sesión. Inicia sesión.',
      fr: "Vous n'êtes pas encore connecté. Veuillez vous connecter.",
      vi: 'Bạn chưa đăng nhập. Vui lòng đăng nhập.',
      th: 'คุณยังไม่ได้เข้าสู่ระบบ กรุณาเข้าสู่ระบบ',
      zh: '您还未登录，请先登录',
    },
  },
  SESSION_UNKNOWN: {
    code: 300401,
    msg: {
      en: 'Login expired. Please sign in again.',
      es: 'La sesión ha caducado. Inicia sesión de nuevo.',
      fr: 'Session expirée. Veuillez vous reconnecter.',
      vi: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
      th: 'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
      zh: '登录已过期，请重新登录',
    },
  },
  SESSION_EXPIRED: {
    code: 300402,
    msg: {
      en: 'Login expired. Please sign in again.',
      es: 'La sesión ha caducado. Inicia sesión de nuevo.',
      fr: 'Session expirée. Veuillez vous reconnecter.',
      vi: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
      th: 'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
      zh: '登录已过期，请重新登录',
    },
  },
  SESSION_REVOKED: {
    code: 300403,
    msg: {
      en: 'You have been signed out. Please sign in again.',
      es: 'Se ha cerrado tu sesión. Inicia sesión de nuevo.',
      fr: 'Vous avez été déconnecté. Veuillez vous reconnecter.',
      vi: 'Bạn đã bị đăng xuất. Vui lòng đăng nhập lại.',
      th: 'คุณออกจากระบบแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
      zh: '您已退出登录，请重新登录',
    },
  },
  ACCOUNT_FROZEN: {
    code: 300404,
    msg: {
      en: 'This account is frozen. Please contact customer service.',
      es: 'Esta cuenta está congelada. Contacta con el servicio al cliente.',
      fr: 'Ce compte est gelé. Veuillez contacter le service client.',
      vi: 'Tài khoản này đã bị khóa. Vui lòng liên hệ chăm sóc khách hàng.',
      th: 'บัญชีนี้ถูกระงับ กรุณาติดต่อฝ่ายบริการลูกค้า',
      zh: '该账户已被冻结，请联系客服',
    },
  },
  SESSION_ELSEWHERE: {
    code: 300405,
    msg: {
      en: 'Your account signed in on another device. Please sign in again.',
      es: 'Tu cuenta inició sesión en otro dispositivo. Inicia sesión de nuevo.',
      fr: 'Votre compte s’est connecté sur un autre appareil. Veuillez vous reconnecter.',
      vi: 'Tài khoản của bạn đã đăng nhập trên thiết bị khác. Vui lòng đăng nhập lại.',
      th: 'บัญชีของคุณเข้าสู่ระบบบนอุปกรณ์อื่น กรุณาเข้าสู่ระบบอีกครั้ง',
      zh: '您的账号已在其他设备登录，请重新登录',
    },
  },
  SESSION_RESERVED: {
    code: 300406,
    msg: {
      en: 'Login expired. Please sign in again.',
      es: 'La sesión ha caducado. Inicia sesión de nuevo.',
      fr: 'Session expirée. Veuillez vous reconnecter.',
      vi: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
      th: 'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
      zh: '登录已过期，请重新登录',
    },
  },

  INVALID_INPUT: {
    code: 400100,
    msg: {
      en: '{field} is not valid.',
      es: '{field} no es válido.',
      fr: "{field} n'est pas valide.",
      vi: '{field} không hợp lệ.',
      th: '{field} ไม่ถูกต้อง',
      zh: '{field}无效',
    },
  },
  FIELD_REQUIRED: {
    code: 400101,
    msg: {
      en: 'Please enter {field}.',
      es: 'Introduce {field}.',
      fr: 'Veuillez saisir {field}.',
      vi: 'Vui lòng nhập {field}.',
      th: 'กรุณากรอก{field}',
      zh: '请输入{field}',
    },
  },
  FIELD_TOO_LONG: {
    code: 400102,
    msg: {
      en: '{field} is too long.',
      es: '{field} es demasiado largo.',
      fr: '{field} est trop long.',
      vi: '{field} quá dài.',
      th: '{field}ยาวเกินไป',
      zh: '{field}过长',
    },
  },
  EMAIL_INVALID: {
    code: 400103,
    msg: {
      en: 'Email address invalid.',
      es: 'Dirección de correo no válida.',
      fr: 'Adresse e-mail invalide.',
      vi: 'Địa chỉ email không hợp lệ.',
      th: 'ที่อยู่อีเมลไม่ถูกต้อง',
      zh: '邮箱地址无效',
    },
  },
  PHONE_INVALID: {
    code: 400104,
    msg: {
      en: 'Phone number must have at least {min} digits.',
      es: 'El número de teléfono debe tener al menos {min} dígitos.',
      fr: 'Le numéro de téléphone doit comporter au moins {min} chiffres.',
      vi: 'Số điện thoại phải có ít nhất {min} chữ số.',
      th: 'เบอร์โทรศัพท์ต้องมีอย่างน้อย {min} หลัก',
      zh: '手机号至少需要{min}位数字',
    },
  },
  ACCOUNT_FORMAT: {
    code: 400105,
    msg: {
      en: 'Enter a valid email address or phone number.',
      es: 'Introduce un correo o un número de teléfono válido.',
      fr: 'Saisissez une adresse e-mail ou un numéro de téléphone valide.',
      vi: 'Nhập địa chỉ email hoặc số điện thoại hợp lệ.',
      th: 'กรอกอีเมลหรือเบอร์โทรศัพท์ที่ถูกต้อง',
      zh: '请输入有效的邮箱或手机号',
    },
  },
  PASSWORDS_MISMATCH: {
    code: 400106,
    msg: {
      en: 'The two passwords do not match.',
      es: 'Las dos contraseñas no coinciden.',
      fr: 'Les deux mots de passe ne correspondent pas.',
      vi: 'Hai mật khẩu không khớp.',
      th: 'รหัสผ่านทั้งสองไม่ตรงกัน',
      zh: '两次输入的密码不一致',
    },
  },
  PASSWORD_WEAK: {
    code: 400107,
    msg: {
      en: 'Password must be 6 to 32 characters.',
      es: 'La contraseña debe tener entre 6 y 32 caracteres.',
      fr: 'Le mot de passe doit comporter de 6 à 32 caractères.',
      vi: 'Mật khẩu phải có từ 6 đến 32 ký tự.',
      th: 'รหัสผ่านต้องมี 6 ถึง 32 ตัวอักษร',
      zh: '密码长度须为6到32位',
    },
  },
  AGREEMENT_REQUIRED: {
    code: 400108,
    msg: {
      en: 'Please read and accept the user agreement.',
      es: 'Lee y acepta el acuerdo de usuario.',
      fr: "Veuillez lire et accepter l'accord d'utilisation.",
      vi: 'Vui lòng đọc và chấp nhận thỏa thuận người dùng.',
      th: 'กรุณาอ่านและยอมรับข้อตกลงผู้ใช้',
      zh: '请阅读并同意用户协议',
    },
  },
  PAY_PASSWORD_FORMAT: {
    code: 400109,
    msg: {
      en: 'The payment password must be exactly 6 digits.',
      es: 'La contraseña de pago debe tener exactamente 6 dígitos.',
      fr: 'Le mot de passe de paiement doit comporter exactement 6 chiffres.',
      vi: 'Mật khẩu thanh toán phải gồm đúng 6 chữ số.',
      th: 'รหัสผ่านการชำระเงินต้องเป็นตัวเลข 6 หลักพอดี',
      zh: '支付密码必须为6位数字',
    },
  },
  CODE_FORMAT: {
    code: 400110,
    msg: {
      en: 'The verification code is 6 digits.',
      es: 'El código de verificación tiene 6 dígitos.',
      fr: 'Le code de vérification comporte 6 chiffres.',
      vi: 'Mã xác minh gồm 6 chữ số.',
      th: 'รหัสยืนยันมี 6 หลัก',
      zh: '验证码为6位数字',
    },
  },
  PAY_PASSWORDS_MISMATCH: {
    code: 400111,
    msg: {
      en: 'The two new payment passwords do not match.',
      es: 'Las dos nuevas contraseñas de pago no coinciden.',
      fr: 'Les deux nouveaux mots de passe de paiement ne correspondent pas.',
      vi: 'Hai mật khẩu thanh toán mới không khớp.',
      th: 'รหัสผ่านการชำระเงินใหม่ทั้งสองไม่ตรงกัน',
      zh: '两次输入的新支付密码不一致',
    },
  },
  TEXT_UNSTORABLE: {
    code: 400120,
    msg: {
      en: '{field} contains an invalid character.',
      es: '{field} contiene un carácter no válido.',
      fr: '{field} contient un caractère non valide.',
      vi: '{field} chứa ký tự không hợp lệ.',
      th: '{field}มีอักขระที่ไม่ถูกต้อง',
      zh: '{field}包含无效字符',
    },
  },
  NOTHING_TO_CHANGE: {
    code: 400121,
    msg: {
      en: 'Nothing to change: send at least one field.',
      es: 'No hay nada que cambiar: envía al menos un campo.',
      fr: 'Rien à modifier : envoyez au moins un champ.',
      vi: 'Không có gì để thay đổi: hãy gửi ít nhất một trường.',
      th: 'ไม่มีข้อมูลที่จะเปลี่ยน กรุณาส่งอย่างน้อยหนึ่งช่อง',
      zh: '没有要修改的内容，请至少提交一个字段',
    },
  },
  BAD_JSON: {
    code: 400112,
    msg: {
      en: 'The request could not be read. Please update the app and try again.',
      es: 'No se pudo leer la solicitud. Actualiza la aplicación e inténtalo de nuevo.',
      fr: "La requête est illisible. Mettez l'application à jour et réessayez.",
      vi: 'Không đọc được yêu cầu. Vui lòng cập nhật ứng dụng và thử lại.',
      th: 'ไม่สามารถอ่านคำขอได้ กรุณาอัปเดตแอปแล้วลองอีกครั้ง',
      zh: '无法读取请求，请更新应用后重试',
    },
  },

  CODE_COOLDOWN: {
    code: 400200,
    msg: {
      en: 'Please wait {seconds} seconds before requesting a new code.',
      es: 'Espera {seconds} segundos antes de pedir un código nuevo.',
      fr: 'Veuillez patienter {seconds} secondes avant de demander un nouveau code.',
      vi: 'Vui lòng chờ {seconds} giây trước khi yêu cầu mã mới.',
      th: 'กรุณารอ {seconds} วินาทีก่อนขอรหัสใหม่',
      zh: '请等待{seconds}秒后再获取验证码',
    },
  },
  CODE_INVALID: {
    code: 400201,
    msg: {
      en: 'The verification code is wrong.',
      es: 'El código de verificación es incorrecto.',
      fr: 'Le code de vérification est incorrect.',
      vi: 'Mã xác minh không đúng.',
      th: 'รหัสยืนยันไม่ถูกต้อง',
      zh: '验证码错误',
    },
  },
  CODE_EXPIRED: {
    code: 400202,
    msg: {
      en: 'The verification code has expired or was already used. Please request a new one.',
      es: 'El código ha caducado o ya se usó. Pide uno nuevo.',
      fr: 'Le code a expiré ou a déjà été utilisé. Demandez-en un nouveau.',
      vi: 'Mã xác minh đã hết hạn hoặc đã được sử dụng. Vui lòng yêu cầu mã mới.',
      th: 'รหัสยืนยันหมดอายุหรือถูกใช้แล้ว กรุณาขอรหัสใหม่',
      zh: '验证码已过期或已使用，请重新获取',
    },
  },
  CODE_TOO_MANY_TRIES: {
    code: 400203,
    msg: {
      en: 'Too many wrong codes. Please request a new one.',
      es: 'Demasiados códigos incorrectos. Pide uno nuevo.',
      fr: 'Trop de codes erronés. Demandez-en un nouveau.',
      vi: 'Nhập sai mã quá nhiều lần. Vui lòng yêu cầu mã mới.',
      th: 'กรอกรหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่',
      zh: '验证码错误次数过多，请重新获取',
    },
  },
  ACCOUNT_EXISTS: {
    code: 400210,
    msg: {
      en: 'This account is already registered. Please sign in.',
      es: 'Esta cuenta ya está registrada. Inicia sesión.',
      fr: 'Ce compte est déjà inscrit. Veuillez vous connecter.',
      vi: 'Tài khoản này đã được đăng ký. Vui lòng đăng nhập.',
      th: 'บัญชีนี้ลงทะเบียนแล้ว กรุณาเข้าสู่ระบบ',
      zh: '该账号已注册，请直接登录',
    },
  },
  INVITE_CODE_INVALID: {
    code: 400211,
    msg: {
      en: 'The invite code does not exist.',
      es: 'El código de invitación no existe.',
      fr: "Le code d'invitation n'existe pas.",
      vi: 'Mã mời không tồn tại.',
      th: 'ไม่พบรหัสเชิญนี้',
      zh: '邀请码不存在',
    },
  },
  INVITE_CODE_REQUIRED: {
    code: 400212,
    msg: {
      en: 'An invite code is required to sign up.',
      es: 'Se necesita un código de invitación para registrarse.',
      fr: "Un code d'invitation est nécessaire pour s'inscrire.",
      vi: 'Cần có mã mời để đăng ký.',
      th: 'ต้องใช้รหัสเชิญในการลงทะเบียน',
      zh: '注册需要邀请码',
    },
  },
  LOGIN_FAILED: {
    code: 400213,
    msg: {
      en: 'Wrong account or password.',
      es: 'Cuenta o contraseña incorrecta.',
      fr: 'Compte ou mot de passe incorrect.',
      vi: 'Sai tài khoản hoặc mật khẩu.',
      th: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
      zh: '账号或密码错误',
    },
  },
  OLD_PASSWORD_WRONG: {
    code: 400214,
    msg: {
      en: 'The current password is wrong.',
      es: 'La contraseña actual es incorrecta.',
      fr: 'Le mot de passe actuel est incorrect.',
      vi: 'Mật khẩu hiện tại không đúng.',
      th: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
      zh: '当前密码错误',
    },
  },
  ACCOUNT_NOT_FOUND: {
    code: 400215,
    msg: {
      en: 'No account is registered with this email or phone.',
      es: 'No hay ninguna cuenta con este correo o teléfono.',
      fr: "Aucun compte n'est inscrit avec cet e-mail ou ce téléphone.",
      vi: 'Không có tài khoản nào đăng ký với email hoặc số điện thoại này.',
      th: 'ไม่มีบัญชีที่ลงทะเบียนด้วยอีเมลหรือเบอร์นี้',
      zh: '该邮箱或手机号未注册',
    },
  },
  SAME_PASSWORD: {
    code: 400216,
    msg: {
      en: 'The new password must differ from the current one.',
      es: 'La nueva contraseña debe ser distinta de la actual.',
      fr: "Le nouveau mot de passe doit être différent de l'actuel.",
      vi: 'Mật khẩu mới phải khác mật khẩu hiện tại.',
      th: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
      zh: '新密码不能与当前密码相同',
    },
  },
  OPERATOR_PASSWORD_WEAK: {
    code: 410200,
    msg: {
      en: 'A back-office password must be 8 to 128 characters.',
      es: 'La contraseña del panel de administración debe tener entre 8 y 128 caracteres.',
      fr: "Le mot de passe de l'espace d'administration doit comporter de 8 à 128 caractères.",
      vi: 'Mật khẩu trang quản trị phải có từ 8 đến 128 ký tự.',
      th: 'รหัสผ่านระบบหลังบ้านต้องมี 8 ถึง 128 ตัวอักษร',
      zh: '后台密码长度须为8到128位',
    },
  },
  IDEMPOTENCY_KEY_TOO_LONG: {
    code: 410201,
    msg: {
      en: 'The Idempotency-Key header may be at most {max} characters.',
      es: 'El encabezado Idempotency-Key puede tener como máximo {max} caracteres.',
      fr: "L'en-tête Idempotency-Key ne peut pas dépasser {max} caractères.",
      vi: 'Tiêu đề Idempotency-Key chỉ được dài tối đa {max} ký tự.',
      th: 'ส่วนหัว Idempotency-Key ยาวได้ไม่เกิน {max} ตัวอักษร',
      zh: 'Idempotency-Key 请求头最多{max}个字符',
    },
  },
  RATE_LIMITED: {
    code: 400290,
    msg: {
      en: 'Too many attempts. Please try again in {seconds} seconds.',
      es: 'Demasiados intentos. Inténtalo de nuevo en {seconds} segundos.',
      fr: 'Trop de tentatives. Réessayez dans {seconds} secondes.',
      vi: 'Quá nhiều lần thử. Vui lòng thử lại sau {seconds} giây.',
      th: 'พยายามหลายครั้งเกินไป กรุณาลองใหม่ใน {seconds} วินาที',
      zh: '尝试次数过多，请{seconds}秒后再试',
    },
  },
  NOT_FOUND: {
    code: 400404,
    msg: {
      en: 'This page or service does not exist.',
      es: 'Esta página o servicio no existe.',
      fr: "Cette page ou ce service n'existe pas.",
      vi: 'Trang hoặc dịch vụ này không tồn tại.',
      th: 'ไม่พบหน้าหรือบริการนี้',
      zh: '该页面或服务不存在',
    },
  },

  ADMIN_LOGIN_FAILED: {
    code: 410100,
    msg: {
      en: 'Wrong email or password.',
      es: 'Correo o contraseña incorrectos.',
      fr: 'E-mail ou mot de passe incorrect.',
      vi: 'Sai email hoặc mật khẩu.',
      th: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
      zh: '邮箱或密码错误',
    },
  },
  ADMIN_SESSION_INVALID: {
    code: 410101,
    msg: {
      en: 'Your back-office session has ended. Please sign in again.',
      es: 'Tu sesión de administración ha terminado. Inicia sesión de nuevo.',
      fr: "Votre session d'administration a pris fin. Veuillez vous reconnecter.",
      vi: 'Phiên quản trị đã kết thúc. Vui lòng đăng nhập lại.',
      th: 'เซสชันระบบหลังบ้านสิ้นสุดแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
      zh: '后台登录已失效，请重新登录',
    },
  },
  ADMIN_FORBIDDEN: {
    code: 410102,
    msg: {
      en: 'Your role does not allow this action.',
      es: 'Tu rol no permite esta acción.',
      fr: 'Votre rôle ne permet pas cette action.',
      vi: 'Vai trò của bạn không được phép thực hiện thao tác này.',
      th: 'บทบาทของคุณไม่มีสิทธิ์ทำรายการนี้',
      zh: '您的角色无权执行此操作',
    },
  },
  USER_NOT_FOUND: {
    code: 410103,
    msg: {
      en: 'User not found.',
      es: 'Usuario no encontrado.',
      fr: 'Utilisateur introuvable.',
      vi: 'Không tìm thấy người dùng.',
      th: 'ไม่พบผู้ใช้',
      zh: '用户不存在',
    },
  },
  CONFIG_INVALID: {
    code: 410104,
    msg: {
      en: 'The value of {key} is not valid.',
      es: 'El valor de {key} no es válido.',
      fr: "La valeur de {key} n'est pas valide.",
      vi: 'Giá trị của {key} không hợp lệ.',
      th: 'ค่าของ {key} ไม่ถูกต้อง',
      zh: '{key}的值无效',
    },
  },
  ADMIN_EXISTS: {
    code: 410105,
    msg: {
      en: 'An admin with this email already exists.',
      es: 'Ya existe un administrador con este correo.',
      fr: 'Un administrateur avec cet e-mail existe déjà.',
      vi: 'Đã có quản trị viên với email này.',
      th: 'มีผู้ดูแลที่ใช้อีเมลนี้แล้ว',
      zh: '该邮箱的管理员已存在',
    },
  },
  ADMIN_SELF_LOCKOUT: {
    code: 410106,
    msg: {
      en: 'You cannot disable or demote your own account.',
      es: 'No puedes desactivar ni degradar tu propia cuenta.',
      fr: 'Vous ne pouvez pas désactiver ni rétrograder votre propre compte.',
      vi: 'Bạn không thể vô hiệu hóa hoặc hạ quyền tài khoản của chính mình.',
      th: 'คุณไม่สามารถปิดใช้งานหรือลดสิทธิ์บัญชีของตัวเองได้',
      zh: '不能停用或降级自己的账号',
    },
  },

  PRODUCT_AMOUNT_TOO_LARGE: {
    code: 420200,
    msg: {
      en: '{field} may be at most {max}.',
      es: '{field} puede ser como máximo {max}.',
      fr: '{field} ne peut pas dépasser {max}.',
      vi: '{field} tối đa là {max}.',
      th: '{field}ต้องไม่เกิน {max}',
      zh: '{field}最多为{max}',
    },
  },
  PRODUCT_INCOME_TOO_LARGE: {
    code: 420201,
    msg: {
      en: 'The total income of one unit (income per cycle × cycles) may be at most {max}.',
      es: 'Los ingresos totales de una unidad (ingreso por ciclo × ciclos) pueden ser como máximo {max}.',
      fr: "Le revenu total d'une unité (revenu par cycle × cycles) ne peut pas dépasser {max}.",
      vi: 'Tổng thu nhập của một đơn vị (thu nhập mỗi chu kỳ × số chu kỳ) tối đa là {max}.',
      th: 'รายได้รวมต่อหนึ่งหน่วย (รายได้ต่อรอบ × จำนวนรอบ) ต้องไม่เกิน {max}',
      zh: '单份总收益（每周期收益 × 周期数）最多为{max}',
    },
  },
  PRODUCT_TERMS_FORBIDDEN: {
    code: 420202,
    msg: {
      en: "Only the owner or finance may change a product's price, income, cycles, points or principal return.",
      es: 'Solo el propietario o finanzas pueden cambiar el precio, los ingresos, los ciclos, los puntos o la devolución del capital de un producto.',
      fr: "Seuls le propriétaire ou la finance peuvent modifier le prix, le revenu, les cycles, les points ou le remboursement du capital d'un produit.",
      vi: 'Chỉ chủ sở hữu hoặc bộ phận tài chính mới được thay đổi giá, thu nhập, số chu kỳ, điểm hoặc hoàn vốn của sản phẩm.',
      th: 'เฉพาะเจ้าของหรือฝ่ายการเงินเท่านั้นที่เปลี่ยนราคา รายได้ จำนวนรอบ คะแนน หรือการคืนเงินต้นของสินค้าได้',
      zh: '只有所有者或财务可以修改产品的价格、收益、周期数、积分或本金返还',
    },
  },
  PRODUCT_NOT_FOUND: {
    code: 420100,
    msg: {
      en: 'This product does not exist.',
      es: 'Este producto no existe.',
      fr: "Ce produit n'existe pas.",
      vi: 'Sản phẩm này không tồn tại.',
      th: 'ไม่พบสินค้านี้',
      zh: '该产品不存在',
    },
  },
  PRODUCT_OFF_SALE: {
    code: 420101,
    msg: {
      en: 'This product is not on sale.',
      es: 'Este producto no está a la venta.',
      fr: "Ce produit n'est pas en vente.",
      vi: 'Sản phẩm này hiện không được bán.',
      th: 'สินค้านี้ไม่ได้วางขาย',
      zh: '该产品未在售',
    },
  },
  PRODUCT_NOT_STARTED: {
    code: 420102,
    msg: {
      en: 'This product goes on sale at {time}.',
      es: 'Este producto sale a la venta el {time}.',
      fr: 'Ce produit sera en vente le {time}.',
      vi: 'Sản phẩm này mở bán vào {time}.',
      th: 'สินค้านี้เริ่มขายเวลา {time}',
      zh: '该产品将于{time}开售',
    },
  },
  PRODUCT_EXPIRED: {
    code: 420103,
    msg: {
      en: 'Product expired.',
      es: 'Producto caducado.',
      fr: 'Produit expiré.',
      vi: 'Sản phẩm đã hết hạn.',
      th: 'สินค้าหมดอายุแล้ว',
      zh: '产品已过期',
    },
  },
  PURCHASE_LIMIT: {
    code: 420104,
    msg: {
      en: 'You can buy this product at most {limit} times.',
      es: 'Puedes comprar este producto como máximo {limit} veces.',
      fr: 'Vous pouvez acheter ce produit au plus {limit} fois.',
      vi: 'Bạn chỉ có thể mua sản phẩm này tối đa {limit} lần.',
      th: 'คุณซื้อสินค้านี้ได้สูงสุด {limit} ครั้ง',
      zh: '该产品每人最多购买{limit}次',
    },
  },
  OUT_OF_STOCK: {
    code: 420105,
    msg: {
      en: 'This product is sold out.',
      es: 'Este producto está agotado.',
      fr: 'Ce produit est épuisé.',
      vi: 'Sản phẩm này đã bán hết.',
      th: 'สินค้านี้ขายหมดแล้ว',
      zh: '该产品已售罄',
    },
  },
  INSUFFICIENT_BALANCE: {
    code: 420106,
    msg: {
      en: 'Insufficient balance. Please top up your wallet first.',
      es: 'Saldo insuficiente. Recarga tu billetera primero.',
      fr: "Solde insuffisant. Rechargez d'abord votre portefeuille.",
      vi: 'Số dư không đủ. Vui lòng nạp tiền vào ví trước.',
      th: 'ยอดเงินไม่พอ กรุณาเติมเงินก่อน',
      zh: '余额不足，请先充值',
    },
  },
  INCOME_WALLET_NOT_ALLOWED: {
    code: 420107,
    msg: {
      en: 'Purchases can only be paid from the recharge wallet.',
      es: 'Las compras solo se pueden pagar con la billetera de recarga.',
      fr: 'Les achats ne peuvent être payés que depuis le portefeuille de recharge.',
      vi: 'Chỉ có thể thanh toán bằng ví nạp tiền.',
      th: 'ชำระการซื้อได้จากกระเป๋าเติมเงินเท่านั้น',
      zh: '只能使用充值余额购买',
    },
  },
  COLLECT_CLOSED: {
    code: 420108,
    msg: {
      en: 'Weekend cannot collect. Machines are maintained then; collect on {days}.',
      es: 'No se puede cobrar el fin de semana. Las máquinas están en mantenimiento; cobra de {days}.',
      fr: 'Pas de collecte le week-end. Les machines sont en maintenance ; collectez du {days}.',
      vi: 'Không thể thu vào cuối tuần. Máy đang bảo trì; hãy thu vào {days}.',
      th: 'ไม่สามารถเก็บรายได้ในวันหยุดสุดสัปดาห์ เครื่องอยู่ระหว่างบำรุงรักษา เก็บได้ในวัน{days}',
      zh: '周末无法领取收益，机器维护中；请在{days}领取',
    },
  },
  NOTHING_TO_COLLECT: {
    code: 420109,
    msg: {
      en: 'There is no income to collect yet.',
      es: 'Todavía no hay ingresos para cobrar.',
      fr: "Il n'y a pas encore de revenu à collecter.",
      vi: 'Chưa có thu nhập để thu.',
      th: 'ยังไม่มีรายได้ให้เก็บ',
      zh: '暂无可领取的收益',
    },
  },
  HOLDING_NOT_FOUND: {
    code: 420110,
    msg: {
      en: 'This machine does not exist.',
      es: 'Esta máquina no existe.',
      fr: "Cette machine n'existe pas.",
      vi: 'Máy này không tồn tại.',
      th: 'ไม่พบเครื่องนี้',
      zh: '该机器不存在',
    },
  },
  MACHINE_EXPIRED: {
    code: 420111,
    msg: {
      en: 'Machine expired.',
      es: 'Máquina caducada.',
      fr: 'Machine expirée.',
      vi: 'Máy đã hết hạn.',
      th: 'เครื่องหมดอายุแล้ว',
      zh: '机器已过期',
    },
  },
  IDEMPOTENCY_MISMATCH: {
    code: 420112,
    msg: {
      en: 'This request key was already used for a different request.',
      es: 'Esta clave de solicitud ya se usó para otra solicitud.',
      fr: 'Cette clé de requête a déjà servi pour une autre requête.',
      vi: 'Khóa yêu cầu này đã được dùng cho một yêu cầu khác.',
      th: 'คีย์คำขอนี้ถูกใช้กับคำขออื่นแล้ว',
      zh: '该请求标识已用于其他请求',
    },
  },
  AMOUNT_INVALID: {
    code: 420113,
    msg: {
      en: 'Enter an amount with at most {decimals} decimals.',
      es: 'Introduce un importe con {decimals} decimales como máximo.',
      fr: 'Saisissez un montant avec au plus {decimals} décimales.',
      vi: 'Nhập số tiền có tối đa {decimals} chữ số thập phân.',
      th: 'กรอกจำนวนเงินที่มีทศนิยมไม่เกิน {decimals} ตำแหน่ง',
      zh: '金额最多{decimals}位小数',
    },
  },
  ADJUST_BELOW_ZERO: {
    code: 420114,
    msg: {
      en: 'The decrease is larger than the wallet balance ({balance}).',
      es: 'La disminución supera el saldo de la billetera ({balance}).',
      fr: 'La diminution dépasse le solde du portefeuille ({balance}).',
      vi: 'Số tiền giảm lớn hơn số dư ví ({balance}).',
      th: 'จำนวนที่ลดมากกว่ายอดในกระเป๋า ({balance})',
      zh: '扣减金额超过钱包余额（{balance}）',
    },
  },

  DEPOSIT_METHOD_UNKNOWN: {
    code: 430100,
    msg: {
      en: 'Please choose a payment method.',
      es: 'Elige un método de pago.',
      fr: 'Veuillez choisir un moyen de paiement.',
      vi: 'Vui lòng chọn phương thức thanh toán.',
      th: 'กรุณาเลือกวิธีการชำระเงิน',
      zh: '请选择支付方式',
    },
  },
  DEPOSIT_BELOW_MIN: {
    code: 430101,
    msg: {
      en: 'The minimum recharge is {min}.',
      es: 'La recarga mínima es {min}.',
      fr: 'La recharge minimale est de {min}.',
      vi: 'Số tiền nạp tối thiểu là {min}.',
      th: 'เติมเงินขั้นต่ำ {min}',
      zh: '最低充值金额为{min}',
    },
  },
  DEPOSIT_ABOVE_MAX: {
    code: 430102,
    msg: {
      en: 'The maximum recharge is {max} per transaction.',
      es: 'La recarga máxima es {max} por transacción.',
      fr: 'La recharge maximale est de {max} par transaction.',
      vi: 'Số tiền nạp tối đa là {max} mỗi giao dịch.',
      th: 'เติมเงินสูงสุด {max} ต่อรายการ',
      zh: '单笔最高充值金额为{max}',
    },
  },
  DEPOSIT_NOT_FOUND: {
    code: 430103,
    msg: {
      en: 'This payment does not exist.',
      es: 'Este pago no existe.',
      fr: "Ce paiement n'existe pas.",
      vi: 'Giao dịch thanh toán này không tồn tại.',
      th: 'ไม่พบรายการชำระเงินนี้',
      zh: '该支付订单不存在',
    },
  },
  DEPOSIT_CLOSED: {
    code: 430104,
    msg: {
      en: 'This payment is already {status}.',
      es: 'Este pago ya está {status}.',
      fr: 'Ce paiement est déjà {status}.',
      vi: 'Giao dịch này đã {status}.',
      th: 'รายการนี้{status}แล้ว',
      zh: '该支付已{status}',
    },
  },
  PAYOUT_ACCOUNT_NOT_FOUND: {
    code: 430200,
    msg: {
      en: 'Please choose a withdrawal account.',
      es: 'Elige una cuenta de retiro.',
      fr: 'Veuillez choisir un compte de retrait.',
      vi: 'Vui lòng chọn tài khoản rút tiền.',
      th: 'กรุณาเลือกบัญชีถอนเงิน',
      zh: '请选择提现账户',
    },
  },
  PAYOUT_ACCOUNT_PENDING: {
    code: 430201,
    msg: {
      en: 'This account is pending approval. You can withdraw to it once it is approved.',
      es: 'Esta cuenta está pendiente de aprobación. Podrás retirar a ella cuando se apruebe.',
      fr: "Ce compte est en attente d'approbation. Vous pourrez y retirer une fois approuvé.",
      vi: 'Tài khoản này đang chờ duyệt. Bạn có thể rút tiền khi tài khoản được duyệt.',
      th: 'บัญชีนี้รอการอนุมัติ ถอนเงินได้เมื่ออนุมัติแล้ว',
      zh: '该账户待审核，审核通过后即可提现',
    },
  },
  PAYOUT_ACCOUNT_REJECTED: {
    code: 430202,
    msg: {
      en: 'This account was rejected: {reason}. Please edit it.',
      es: 'Esta cuenta fue rechazada: {reason}. Edítala.',
      fr: 'Ce compte a été refusé : {reason}. Veuillez le modifier.',
      vi: 'Tài khoản này bị từ chối: {reason}. Vui lòng chỉnh sửa.',
      th: 'บัญชีนี้ถูกปฏิเสธ: {reason} กรุณาแก้ไข',
      zh: '该账户未通过审核：{reason}，请修改',
    },
  },
  ACCOUNT_NUMBER_INVALID: {
    code: 430203,
    msg: {
      en: 'Enter a valid card or account number.',
      es: 'Introduce un número de tarjeta o cuenta válido.',
      fr: 'Saisissez un numéro de carte ou de compte valide.',
      vi: 'Nhập số thẻ hoặc số tài khoản hợp lệ.',
      th: 'กรอกเลขบัตรหรือเลขบัญชีที่ถูกต้อง',
      zh: '请输入有效的卡号或账号',
    },
  },
  BANK_REQUIRED: {
    code: 430204,
    msg: {
      en: 'Please choose a bank.',
      es: 'Elige un banco.',
      fr: 'Veuillez choisir une banque.',
      vi: 'Vui lòng chọn ngân hàng.',
      th: 'กรุณาเลือกธนาคาร',
      zh: '请选择银行',
    },
  },
  OPERATOR_REQUIRED: {
    code: 430205,
    msg: {
      en: 'Please choose the mobile-money operator.',
      es: 'Elige el operador de dinero móvil.',
      fr: "Veuillez choisir l'opérateur de mobile money.",
      vi: 'Vui lòng chọn nhà mạng ví điện thoại.',
      th: 'กรุณาเลือกผู้ให้บริการโมบายมันนี่',
      zh: '请选择移动钱包运营商',
    },
  },
  PAY_PASSWORD_NOT_SET: {
    code: 430300,
    msg: {
      en: 'Please set your payment password first.',
      es: 'Primero establece tu contraseña de pago.',
      fr: "Veuillez d'abord définir votre mot de passe de paiement.",
      vi: 'Vui lòng đặt mật khẩu thanh toán trước.',
      th: 'กรุณาตั้งรหัสผ่านการชำระเงินก่อน',
      zh: '请先设置支付密码',
    },
  },
  PAY_PASSWORD_WRONG: {
    code: 430301,
    msg: {
      en: 'Wrong payment password. {left} tries left.',
      es: 'Contraseña de pago incorrecta. Quedan {left} intentos.',
      fr: 'Mot de passe de paiement incorrect. Encore {left} essais.',
      vi: 'Sai mật khẩu thanh toán. Còn {left} lần thử.',
      th: 'รหัสผ่านการชำระเงินไม่ถูกต้อง เหลืออีก {left} ครั้ง',
      zh: '支付密码错误，还可尝试{left}次',
    },
  },
  PAY_PASSWORD_LOCKED: {
    code: 430302,
    msg: {
      en: 'Payment password locked after 5 wrong tries. Try again in {minutes} minutes.',
      es: 'Contraseña de pago bloqueada tras 5 intentos fallidos. Inténtalo en {minutes} minutos.',
      fr: 'Mot de passe de paiement bloqué après 5 erreurs. Réessayez dans {minutes} minutes.',
      vi: 'Mật khẩu thanh toán bị khóa sau 5 lần sai. Thử lại sau {minutes} phút.',
      th: 'รหัสผ่านการชำระเงินถูกล็อกหลังผิด 5 ครั้ง ลองใหม่ใน {minutes} นาที',
      zh: '支付密码错误5次已锁定，请{minutes}分钟后再试',
    },
  },
  WITHDRAW_STEP: {
    code: 430400,
    msg: {
      en: 'The withdrawal amount must be a whole multiple of {step}.',
      es: 'El importe del retiro debe ser un múltiplo entero de {step}.',
      fr: 'Le montant du retrait doit être un multiple entier de {step}.',
      vi: 'Số tiền rút phải là bội số nguyên của {step}.',
      th: 'จำนวนเงินถอนต้องเป็นจำนวนเท่าของ {step}',
      zh: '提现金额必须为{step}的整数倍',
    },
  },
  WITHDRAW_BELOW_MIN: {
    code: 430401,
    msg: {
      en: 'The minimum withdrawal is {min}.',
      es: 'El retiro mínimo es {min}.',
      fr: 'Le retrait minimum est de {min}.',
      vi: 'Số tiền rút tối thiểu là {min}.',
      th: 'ถอนขั้นต่ำ {min}',
      zh: '最低提现金额为{min}',
    },
  },
  WITHDRAW_ABOVE_MAX: {
    code: 430402,
    msg: {
      en: 'The maximum withdrawal is {max}.',
      es: 'El retiro máximo es {max}.',
      fr: 'Le retrait maximum est de {max}.',
      vi: 'Số tiền rút tối đa là {max}.',
      th: 'ถอนสูงสุด {max}',
      zh: '最高提现金额为{max}',
    },
  },
  WITHDRAW_DAILY_COUNT: {
    code: 430403,
    msg: {
      en: 'You can withdraw {count} times a day. Please try again tomorrow.',
      es: 'Puedes retirar {count} veces al día. Inténtalo mañana.',
      fr: 'Vous pouvez retirer {count} fois par jour. Réessayez demain.',
      vi: 'Bạn chỉ được rút {count} lần mỗi ngày. Vui lòng thử lại vào ngày mai.',
      th: 'ถอนได้วันละ {count} ครั้ง กรุณาลองใหม่พรุ่งนี้',
      zh: '每天可提现{count}次，请明天再试',
    },
  },
  WITHDRAW_CLOSED_DAY: {
    code: 430404,
    msg: {
      en: 'Withdrawals are open on {days}.',
      es: 'Los retiros están abiertos: {days}.',
      fr: 'Les retraits sont ouverts le {days}.',
      vi: 'Chỉ rút tiền vào {days}.',
      th: 'ถอนเงินได้ในวัน{days}',
      zh: '提现开放时间：{days}',
    },
  },
  WITHDRAW_CLOSED_HOURS: {
    code: 430405,
    msg: {
      en: 'Withdrawals are open from {from} to {to}.',
      es: 'Los retiros están abiertos de {from} a {to}.',
      fr: 'Les retraits sont ouverts de {from} à {to}.',
      vi: 'Chỉ rút tiền từ {from} đến {to}.',
      th: 'ถอนเงินได้ตั้งแต่ {from} ถึง {to}',
      zh: '提现时间为{from}至{to}',
    },
  },
  WITHDRAWAL_NOT_FOUND: {
    code: 430406,
    msg: {
      en: 'This withdrawal does not exist.',
      es: 'Este retiro no existe.',
      fr: "Ce retrait n'existe pas.",
      vi: 'Lệnh rút tiền này không tồn tại.',
      th: 'ไม่พบรายการถอนเงินนี้',
      zh: '该提现订单不存在',
    },
  },
  WITHDRAWAL_STATE: {
    code: 430407,
    msg: {
      en: 'This withdrawal is {status}; that action is not possible now.',
      es: 'Este retiro está {status}; esa acción no es posible ahora.',
      fr: "Ce retrait est {status} ; cette action n'est pas possible maintenant.",
      vi: 'Lệnh rút này đang ở trạng thái {status}; không thể thực hiện thao tác đó.',
      th: 'รายการถอนนี้อยู่ในสถานะ {status} ไม่สามารถทำรายการนี้ได้',
      zh: '该提现状态为{status}，当前无法执行此操作',
    },
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    code: 430600,
    msg: {
      en: 'The payment provider is not answering right now. Please try again in a few minutes.',
      es: 'El proveedor de pagos no responde en este momento. Inténtalo de nuevo en unos minutos.',
      fr: 'Le prestataire de paiement ne répond pas pour le moment. Veuillez réessayer dans quelques minutes.',
      vi: 'Nhà cung cấp thanh toán hiện không phản hồi. Vui lòng thử lại sau vài phút.',
      th: 'ผู้ให้บริการชำระเงินไม่ตอบสนองในขณะนี้ กรุณาลองใหม่อีกครั้งในอีกไม่กี่นาที',
      zh: '支付服务商暂时无响应，请几分钟后重试',
    },
  },
  PAYOUT_PROVIDER_MISSING: {
    code: 430601,
    msg: {
      en: 'No payment provider is set up for payouts. Pay outside the gateway and mark the withdrawal paid.',
      es: 'No hay ningún proveedor de pagos configurado para los pagos. Paga fuera de la pasarela y marca el retiro como pagado.',
      fr: "Aucun prestataire de paiement n'est configuré pour les versements. Payez en dehors de la passerelle et marquez le retrait comme payé.",
      vi: 'Chưa thiết lập nhà cung cấp thanh toán cho việc chi trả. Hãy thanh toán bên ngoài cổng và đánh dấu lệnh rút là đã trả.',
      th: 'ยังไม่ได้ตั้งค่าผู้ให้บริการชำระเงินสำหรับการจ่ายเงิน กรุณาจ่ายนอกช่องทางชำระเงินแล้วทำเครื่องหมายว่าจ่ายแล้ว',
      zh: '尚未配置用于出款的支付服务商。请在网关之外付款，并将该提现标记为已付款',
    },
  },
  WEBHOOK_SIGNATURE: {
    code: 430500,
    msg: {
      en: 'Invalid webhook signature.',
      es: 'Firma de webhook no válida.',
      fr: 'Signature de webhook invalide.',
      vi: 'Chữ ký webhook không hợp lệ.',
      th: 'ลายเซ็นเว็บฮุกไม่ถูกต้อง',
      zh: 'Webhook签名无效',
    },
  },

  TEST_MODE_ONLY: {
    code: 490000,
    msg: {
      en: 'Only available in test mode.',
      es: 'Solo disponible en modo de prueba.',
      fr: 'Disponible uniquement en mode test.',
      vi: 'Chỉ khả dụng ở chế độ thử nghiệm.',
      th: 'ใช้ได้เฉพาะในโหมดทดสอบ',
      zh: '仅在测试模式下可用',
    },
  },
  INTERNAL: {
    code: 499999,
    msg: {
      en: 'Something went wrong on our side. Please try again later.',
      es: 'Algo salió mal por nuestra parte. Inténtalo más tarde.',
      fr: 'Une erreur est survenue de notre côté. Veuillez réessayer plus tard.',
      vi: 'Đã xảy ra lỗi từ phía chúng tôi. Vui lòng thử lại sau.',
      th: 'เกิดข้อผิดพลาดจากระบบ กรุณาลองใหม่ภายหลัง',
      zh: '系统繁忙，请稍后再试',
    },
  },
  BUSY: {
    code: 490300,
    msg: {
      en: 'The service is busy right now. Please try again in a moment.',
      es: 'El servicio está ocupado en este momento. Inténtalo de nuevo en un momento.',
      fr: 'Le service est très sollicité en ce moment. Veuillez réessayer dans un instant.',
      vi: 'Hệ thống đang bận. Vui lòng thử lại sau giây lát.',
      th: 'ระบบกำลังมีผู้ใช้งานจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่',
      zh: '服务繁忙，请稍后重试',
    },
  },
  MAINTENANCE: {
    code: 500000,
    msg: {
      en: 'The system is under maintenance.',
      es: 'El sistema está en mantenimiento.',
      fr: 'Le système est en maintenance.',
      vi: 'Hệ thống đang bảo trì.',
      th: 'ระบบอยู่ระหว่างการปรับปรุง',
      zh: '系统维护中',
    },
  },
} as const satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof ERRORS;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

export function errorKeyByCode(code: number): ErrorKey | undefined {
  return (Object.keys(ERRORS) as ErrorKey[]).find((key) => ERRORS[key].code === code);
}
