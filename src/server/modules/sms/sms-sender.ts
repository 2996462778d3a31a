/**
 * The pluggable SMS sender of the sign-in paths (spec 7.1 /sys/sms, api-contract §2.1).
 * A deployment with an SMS gateway registers its own sender with {@link setSmsSenderFactory}
 * before the app is built (e.g. in main.ts); without one the {@link LogSmsSender} writes each
 * code to the server log, so development and the tests can read it.
 */

/** What a code is for: smsmode '0' login, '1' register, '2' forgotten password. */
export type SmsTemplate = 'login' | 'register' | 'forgetPassword';

export interface SmsSender {
  /**
   * Sends `params.code` to `mobile` with the template of `template`.
   * Resolves when the gateway accepted it; rejects when it did not (the caller answers
   * 短信验证码发送失败,请稍后重试 and forgets the code).
   */
  send(mobile: string, template: SmsTemplate, params: { code: string }): Promise<void>;
}

/** The part of a pino logger the log sender needs. */
export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Development sender: writes one warning line per code to the server log (pino JSON:
 * `{"sms":{"mobile","template","code"}, "msg": …}`), at warn level so it shows with the
 * default log levels. Not for production: anyone reading the log can sign in as the user.
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: WarnLogger) {}

  async send(mobile: string, template: SmsTemplate, params: { code: string }): Promise<void> {
    this.log.warn({ sms: { mobile, template, code: params.code } }, `SMS code for ${mobile} (log sender, no SMS gateway configured)`);
  }
}

export type SmsSenderFactory = (log: WarnLogger) => SmsSender;

let factory: SmsSenderFactory = (log) => new LogSmsSender(log);

/** Replaces the sender used by apps built from now on (input: a factory given the app logger). */
export function setSmsSenderFactory(next: SmsSenderFactory): void {
  factory = next;
}

/** Restores the default log sender (tests). */
export function resetSmsSenderFactory(): void {
  factory = (log) => new LogSmsSender(log);
}

/** The sender for a new app, from the registered factory. */
export function createSmsSender(log: WarnLogger): SmsSender {
  return factory(log);
}
