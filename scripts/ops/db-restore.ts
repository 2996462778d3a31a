// npm run db:restore FILE: restores a db:backup archive into DATA_DIR, the server stopped (src/server/ops/backup.ts).
import { loadConfig } from '../../src/server/config.js';
import { restoreBackup } from '../../src/server/ops/backup.js';

const config = loadConfig();
const file = process.argv[2];
if (!file || config.databaseUrl) {
  console.error(file ? 'DATABASE_URL 已设置：db:restore 只恢复嵌入式数据库。' : '用法：npm run db:restore -- 备份文件.tar.gz');
  process.exit(1);
}
try {
  const { kept, manifest, pending } = await restoreBackup(config.dataDir, file);
  console.log(`恢复完成：${file}（备份时间 ${manifest.createdAt}，上传文件 ${manifest.uploadFiles} 个）`);
  for (const k of kept) console.log(`原有数据已保留在：${k}`);
  if (pending.length) console.log(`下次启动时将应用迁移：${pending.join(', ')}`);
} catch (err) {
  console.error(`恢复失败：${(err as Error).message}`);
  process.exit(1);
}
