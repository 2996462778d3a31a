import type { FastifyInstance } from 'fastify';
import type { CaptchaStore } from './captcha.js';
import { loginRoutes } from './routes.js';
import { departSelectRoutes } from './depart-routes.js';

/** The login module (spec 7.1, api-contract §2): sign-in, captcha, logout, user info, the choice of department. */
export async function loginModule(app: FastifyInstance, opts: { captchas: CaptchaStore }): Promise<void> {
  loginRoutes(app, app.ctx, opts.captchas);
  departSelectRoutes(app, app.ctx);
}
