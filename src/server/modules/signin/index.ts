import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { SmsCodeService } from '../sms/sms-code-service.js';
import { createSmsSender } from '../sms/sms-sender.js';
import { accountRoutes } from './account-routes.js';
import { loadCasSettings } from './cas-client.js';
import { casRoutes } from './cas-routes.js';
import { loadOAuth2Settings } from './oauth2-client.js';
import { phoneRoutes } from './phone-routes.js';
import { THIRD_TEXT } from './texts.js';
import { thirdLoginRoutes } from './third-login-routes.js';

/**
 * Registers the further sign-in paths (spec 2.1, 7.1): SMS codes and phone login,
 * registration and forgotten password, OAuth2/OpenID Connect third-party login, and the
 * account's own basic-info edit, and single sign-on through CAS (CAS_SERVER_URL, cas-client.ts). Reads OAUTH2_* (see oauth2-client.ts) and REGISTER_ROLE (role
 * code given to self-registered users; none when unset) from `env`. The SMS sender is the
 * registered one (sms-sender.ts; default: the server log).
 */
export function signInRoutes(app: FastifyInstance, ctx: AppContext, env: NodeJS.ProcessEnv = process.env): void {
  const sms = new SmsCodeService(ctx.db, createSmsSender(app.log));
  phoneRoutes(app, ctx, sms, env.REGISTER_ROLE?.trim() || null);
  thirdLoginRoutes(app, ctx, loadOAuth2Settings(env, THIRD_TEXT.defaultName));
  accountRoutes(app, ctx);
  casRoutes(app, ctx, loadCasSettings(env));
}

/** The further sign-in paths as a module plugin (see signInRoutes). */
export async function signInModule(app: FastifyInstance): Promise<void> {
  signInRoutes(app, app.ctx);
}
