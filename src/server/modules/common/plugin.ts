import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { commonRoutes } from './routes.js';
import { UploadStore } from './upload-store.js';

/** Uploads and their downloads (api-contract §6.7: /sys/common/upload, /sys/common/static/**), kept under DATA_DIR/upload. */
export async function commonModule(app: FastifyInstance): Promise<void> {
  commonRoutes(app, new UploadStore(path.join(app.ctx.config.dataDir, 'upload')));
}
