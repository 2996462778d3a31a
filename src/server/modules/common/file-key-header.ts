import fp from 'fastify-plugin';

/**
 * Answers every authenticated API request with `X-File-Key`: the session's file key
 * (TokenService.fileKey), which the client appends to stored-file URLs as `fk`. Register after
 * the tenant check: the key carries the request's tenant.
 */
export const fileKeyHeader = fp(
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      if (req.routeOptions.config?.public || !req.user) return;
      reply.header('X-File-Key', app.ctx.tokens.fileKey(req.user));
    });
  },
  { name: 'file-key-header', dependencies: ['tenant-scope'] },
);
