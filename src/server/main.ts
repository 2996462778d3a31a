import { loadConfig } from './config.js';
import { prepareServer } from './start.js';
import { installShutdown } from './shutdown.js';

/** Entry point: `node --import tsx src/server/main.ts` (npm start). */
async function main(): Promise<void> {
  const config = loadConfig();
  let server;
  try {
    server = await prepareServer(config);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const { app } = server;
  installShutdown({ close: () => server.close(), timeoutMs: config.shutdownTimeoutMs, log: (msg) => app.log.warn(msg) });
  await app.listen({ port: config.port, host: config.host });
  const db = server.database.kind === 'pglite' ? `嵌入式数据库 ${config.dataDir}` : 'PostgreSQL';
  console.log(`办公管理系统已启动: http://localhost:${config.port}/  (API ${config.apiBase}, ${db})`);
}

void main();
