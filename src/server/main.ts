import { loadConfig } from './config.js';
import { prepareServer } from './start.js';

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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const db = server.database.kind === 'pglite' ? `嵌入式数据库 ${config.dataDir}` : 'PostgreSQL';
  console.log(`办公管理系统已启动: http://localhost:${config.port}/  (API ${config.apiBase}, ${db})`);
}

void main();
