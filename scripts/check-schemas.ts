/**
 * Checks every screen schema under schemas/ (ajv against schemas/meta plus the semantic rules
 * of src/shared/schema-check.ts); prints each problem with file, path and message and exits 1
 * when there is any. Part of `npm run lint`.
 */
import path from 'node:path';
import { loadConfig, projectRoot } from '../src/server/config.js';
import { ScreenRegistry, listScreenFiles } from '../src/server/online/screen-registry.js';
import { listReportFiles, loadReportFiles } from '../src/server/online/cgreport/report-files.js';
import { reportDictionaryProblems } from '../src/server/online/dict-check.js';

const dirs = [
  ...loadConfig().schemasDirs,
  path.join(projectRoot, 'tests/e2e/schemas'),
  path.join(projectRoot, 'tests/server/schemas'),
  path.join(projectRoot, 'scripts/bench/schemas'),
];
try {
  const reg = ScreenRegistry.load(dirs);
  console.log(`screen schemas OK: ${reg.list().length} of ${dirs.flatMap((d) => listScreenFiles(d)).length} files`);
  // online reports (schemas/reports/, checked against schemas/meta/report.schema.json and the report SQL rules)
  const reports = loadReportFiles(dirs);
  const dictProblems = reportDictionaryProblems(reg, reports);
  if (dictProblems.length) throw new Error(dictProblems.join('\n'));
  console.log(`report files OK: ${reports.length} of ${listReportFiles(dirs).length} files`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
