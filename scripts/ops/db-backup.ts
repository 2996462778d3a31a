// npm run db:backup [FILE]: backup of the embedded database and uploads (src/server/ops/backup.ts).
import { loadConfig } from '../../src/server/config.js';
import { createBackup } from '../../src/server/ops/backup.js';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL 已设置：PostgreSQL 请使用 pg_dump 备份数据库，并另行备份 DATA_DIR/upload。');
  process.exit(1);
}
try {
  const { file, manifest } = await createBackup(config.dataDir, process.argv[2]);
  console.log(`备份完成：${file}（${manifest.online ? '服务运行中，一致性快照' : '服务未运行'}，上传文件 ${manifest.uploadFiles} 个）`);
} catch (err) {
  console.error(`备份失败：${(err as Error).message}`);
  process.exit(1);
}
