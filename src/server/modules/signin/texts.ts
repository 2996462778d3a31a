/**
 * User-facing texts of the further sign-in paths (zh-CN, docs/architecture.md "Conventions"): SMS codes,
 * phone login, registration, forgotten password, third-party login. Texts of JeecgBoot's
 * LoginController / SysUserController are kept as it words them (api-contract §2.1, §4.5);
 * spec 5.1 messages come from src/shared/form-rules.ts.
 */
export const SMS_TEXT = {
  mobileRequired: '手机号不允许为空！',
  badMode: '短信类型不正确',
  /** a code was sent less than a minute ago (JeecgBoot: within its 10 minutes) */
  stillValid: '验证码10分钟内，仍然有效！',
  tooMany: '短信接口请求太多，请稍后再试！',
  sendFailed: '短信验证码发送失败,请稍后重试',
  sent: '发送成功',
  alreadyRegistered: '手机号已经注册，请直接登录！',
  noUserForPhone: '该用户不存在或未绑定手机号',
  phoneAmbiguous: '该手机号绑定了多个账号，请使用账号密码登录',
  wrongCode: '手机验证码错误',
  codeExpired: '手机验证码失效，请重新获取',
  smsExpired: '短信验证码失效！',
  smsMismatch: '短信验证码不匹配！',
  codeRequired: '请输入验证码',
} as const;

export const REGISTER_TEXT = {
  usernameTaken: '用户名已注册',
  phoneTaken: '该手机号已注册',
  emailTaken: '邮箱已被注册',
  registered: '注册成功',
  resetFailed: '重置密码失败！',
  userNotFound: '未找到用户！',
  passwordReset: '密码重置完成！',
} as const;

/** Texts of single sign-on through CAS (spec 2.3, 7.1). */
export const CAS_TEXT = {
  notEnabled: '未启用单点登录',
  ticketRequired: '单点登录凭证不能为空',
  badTicket: '单点登录凭证无效或已使用，请重新登录',
  badService: '单点登录服务地址不正确',
  unknownUser: '单点登录用户在本系统中不存在，请联系管理员',
  unreachable: '单点登录服务器暂时无法访问，请稍后重试',
  loggedIn: '登录成功',
  /** start refused: single sign-on on (CAS_SERVER_URL) without this app's public origin */
  serviceOriginRequired: (given: string | undefined) =>
    `已设置 CAS_SERVER_URL（单点登录），但 CAS_SERVICE_ORIGIN ${given?.trim() ? `「${given.trim()}」不是有效的地址` : '未设置'}：` +
    '请将 CAS_SERVICE_ORIGIN 设为本系统对外访问的源地址（协议+域名[+端口]，如 https://office.example.com），单点登录只认可发往该地址的票据',
} as const;

export const THIRD_TEXT = {
  badTicket: '第三方登录凭证无效或已过期，请重新登录',
  unknownSource: '不支持的第三方登录类型',
  notConfigured: '第三方登录未配置，请联系管理员',
  /** login name of the OAuth2 button when OAUTH2_NAME is not set */
  defaultName: '统一身份认证',
} as const;

export const ACCOUNT_TEXT = {
  edited: '修改成功！',
  phoneTaken: '手机号已存在!',
  emailTaken: '邮箱已存在!',
  realnameTooLong: '姓名不能超过100个字符',
  badSex: '性别只能是男或女',
  badBirthday: '生日格式不正确',
} as const;
