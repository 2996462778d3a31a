/**
 * Checks every screen schema under schemas/ (ajv against schemas/meta plus the semantic rules
 * of src/runtime/schema/check.ts); prints each problem with file, path and message and exits 1
 * when there is any. Part of `npm run lint`.
 */
import { loadConfig } from '../src/server/config.js';
import { ScreenRegistry, listScreenFiles } from '../src/server/online/screen-registry.js';

const dir = loadConfig().schemasDir;
try {
  const reg = ScreenRegistry.load(dir);
  console.log(`screen schemas OK: ${reg.list().length} of ${listScreenFiles(dir).length} files`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
