import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { listQueryProperties, queryOf } from '../../http/route-schemas.js';

/**
 * JeecgBoot's third-party app integration (企业微信 / 钉钉 user and department sync), which this
 * server does not offer: `GET /sys/thirdApp/getEnabledType` answers that neither is enabled
 * (`{wechatEnterprise: false, dingtalk: false}`), so a JeecgBoot client's 用户管理 hides its sync
 * buttons instead of reporting an error. Any signed-in user.
 */
export function thirdAppRoutes(app: FastifyInstance): void {
  app.get('/sys/thirdApp/getEnabledType', { schema: { querystring: queryOf({ _t: listQueryProperties._t }) } }, async () =>
    ok({ wechatEnterprise: false, dingtalk: false }),
  );
}

/** The third-party app status as a module plugin (see thirdAppRoutes). */
export async function thirdAppModule(app: FastifyInstance): Promise<void> {
  thirdAppRoutes(app);
}
