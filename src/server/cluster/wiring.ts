import type { AppContext } from '../context.js';
import type { ClusterBus } from './bus.js';

/**
 * Connects the shared caches to the cluster bus: a grant, dictionary or session change made in
 * this process drops the cache here at once (the services do that themselves) and is announced
 * to every other process, whose caches drop on arrival; after a lost channel (`resync`) every
 * cache drops. Tenants, jobs, authored screens and the notice sockets subscribe where they live
 * (tenant/plugin.ts, quartz/routes.ts, designer/store.ts, ws/notice-hub.ts).
 */
export function connectCaches(bus: ClusterBus, ctx: AppContext): void {
  ctx.perms.onInvalidate = () => bus.publish({ type: 'grants' });
  ctx.dicts.onReload = () => bus.publish({ type: 'dicts' });
  ctx.dicts.onNamesChanged = (tables) => bus.publish({ type: 'names', tables });
  ctx.tokens.announce = {
    sessionEnded: (tokenId) => bus.publish({ type: 'session-ended', tokenId }),
    userChanged: (userId) => bus.publish({ type: 'user-sessions', userId }),
  };
  bus.subscribe((msg, origin) => {
    if (msg.type === 'resync') {
      ctx.perms.clearLocal();
      ctx.dicts.reloadLocal();
      ctx.tokens.dropAllLocal();
      void ctx.designer.reload().catch(() => undefined);
      return;
    }
    // this process dropped its own caches before announcing
    if (origin === 'self') return;
    if (msg.type === 'grants') ctx.perms.clearLocal();
    else if (msg.type === 'dicts') ctx.dicts.reloadLocal();
    else if (msg.type === 'names') ctx.dicts.dropNamesLocal(msg.tables);
    else if (msg.type === 'session-ended') ctx.tokens.dropLocal(msg.tokenId);
    else if (msg.type === 'user-sessions') ctx.tokens.forgetUserLocal(msg.userId);
  });
}
