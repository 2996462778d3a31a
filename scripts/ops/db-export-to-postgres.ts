// npm run db:export-to-postgres DATABASE_URL [UPLOAD_DIR]: moves the embedded installation to PostgreSQL (src/server/ops/export-postgres.ts).
import { loadConfig } from '../../src/server/config.js';
import { exportToPostgres } from '../../src/server/ops/export-postgres.js';

const [url, uploadDir] = process.argv.slice(2);
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('用法：npm run db:export-to-postgres -- postgres://user:pass@host:5432/db [新安装的上传目录]');
  process.exit(1);
}
const config = loadConfig({ ...process.env, DATABASE_URL: '' });
try {
  const { tables, files } = await exportToPostgres(config.dataDir, url, { uploadDir });
  const rows = tables.reduce((n, t) => n + t.targetRows, 0);
  console.log(
    `导入完成并已校验：${tables.length} 张表，${rows} 行，行数与抽样校验和一致${uploadDir ? `；上传文件 ${files} 个已复制并校验` : ''}。`,
  );
  console.log('以 DATABASE_URL 指向该数据库启动服务即可。');
} catch (err) {
  console.error(`导入失败：${(err as Error).message}`);
  process.exit(1);
}
