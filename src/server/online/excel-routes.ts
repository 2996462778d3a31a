import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { BizError, okMessage } from '../http/envelope.js';
import { UploadStore } from '../modules/common/upload-store.js';
import type { ScreenEndpoints } from './screen-endpoints.js';
import { ExcelExporter, attachmentName } from './excel-export.js';
import { ExcelImporter, IMPORT_MAX_FILES, type ImportOutcome, type UploadedFile } from './excel-import.js';
import { ENGINE_TEXT } from './texts.js';
import { exportFileName } from '../../shared/time.js';

type Query = Record<string, unknown>;

/** The query of an export: plain parameters plus JeecgBoot online's `paramsStr` JSON (api-contract §7.2). */
function exportParams(query: Query): Query {
  const params: Query = { ...query };
  if (typeof query.paramsStr === 'string' && query.paramsStr.trim()) {
    let extra: unknown;
    try {
      extra = JSON.parse(query.paramsStr);
    } catch {
      throw new BizError('导出参数格式不正确');
    }
    if (extra && typeof extra === 'object' && !Array.isArray(extra)) Object.assign(params, extra);
  }
  delete params.paramsStr;
  return params;
}

/**
 * Reads the file parts of a multipart import (`files[]`, `file`, any name) into memory (spec 5.6
 * "several allowed"): at most IMPORT_MAX_FILES files of `maxMb` MB together (UPLOAD_MAX_MB, as one
 * upload); more stops the reading with a BizError.
 */
async function uploadedFiles(req: FastifyRequest, maxMb: number): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw new BizError(ENGINE_TEXT.importNoFile);
  const files: UploadedFile[] = [];
  let total = 0;
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue;
    if (files.length >= IMPORT_MAX_FILES) throw new BizError(ENGINE_TEXT.importTooManyFiles(IMPORT_MAX_FILES));
    const data = await part.toBuffer();
    if (part.file.truncated) throw new BizError('上传文件过大');
    total += data.length;
    if (total > maxMb * 1024 * 1024) throw new BizError(ENGINE_TEXT.importFilesTooLarge(maxMb));
    if (part.filename) files.push({ name: part.filename, data });
  }
  return files;
}

/**
 * Excel export and import of every screen (api-contract §4.1, §4.4, §7.2):
 * `GET /online/cgform/api/exportXls/{code}` (also at the older `exportXlsOld/{code}`) and `POST /online/cgform/api/importXls/{code}`,
 * plus the screen's own `url.exportXls` / `url.importExcel` paths when its schema names them
 * (skipped when a module already serves that path). Export needs `{authPre}:export`, import
 * `{authPre}:import` (403 otherwise). The online import answers a partial result as JeecgBoot's
 * online API does (code 201, `result` = download path of the bad rows); a screen's own
 * importExcel path as JeecgBoot's system modules do (code 201, `result` = {totalCount,
 * errorCount, successCount, msg, fileUrl, fileName}).
 */
export function excelRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  const base = '/online/cgform/api';
  const exporter = new ExcelExporter(ctx.db, endpoints.records, ctx.hooks);
  const importer = new ExcelImporter(ctx.db, endpoints.records, ctx.dicts, new UploadStore(path.join(ctx.config.dataDir, 'upload')), {
    maxRows: ctx.config.importMaxRows,
    maxUnzippedMb: ctx.config.importMaxUnzippedMb,
  });

  const exportXls = async (req: FastifyRequest, reply: FastifyReply, code: string) => {
    const loaded = await endpoints.writable(req, code, 'export');
    const params = exportParams((req.query ?? {}) as Query);
    const stream = await exporter.open(loaded, params, req.user);
    const name =
      typeof params.fileName === 'string' && params.fileName.trim() ? params.fileName.trim() : exportFileName(loaded.screen.title);
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('Content-Disposition', attachmentName(name));
    return reply.send(stream);
  };

  const importRun = async (req: FastifyRequest, code: string): Promise<ImportOutcome> => {
    const loaded = await endpoints.writable(req, code, 'import');
    const files = await uploadedFiles(req, ctx.config.uploadMaxMb);
    const disabled = await ctx.perms.disabledFields(req.user, loaded.screen.authPre);
    return importer.run(loaded, files, req.user, disabled);
  };
  const partial = (result: unknown) => ({
    success: true,
    message: ENGINE_TEXT.importPartial,
    code: 201,
    result,
    timestamp: Date.now(),
  });
  const summary = (o: ImportOutcome) => ENGINE_TEXT.importSummary(o.totalCount, o.successCount, o.errorCount);

  app.get<{ Params: { code: string } }>(`${base}/exportXls/:code`, (req, reply) => exportXls(req, reply, req.params.code));
  // the Vue 2 online list's 导出 button calls JeecgBoot's older export path: same parameters, same file
  app.get<{ Params: { code: string } }>(`${base}/exportXlsOld/:code`, (req, reply) => exportXls(req, reply, req.params.code));
  app.post<{ Params: { code: string } }>(`${base}/importXls/:code`, { schema: { consumes: ['multipart/form-data'] } }, async (req) => {
    const o = await importRun(req, req.params.code);
    return o.errorCount ? partial(o.fileUrl) : okMessage(ENGINE_TEXT.importAllOk(o.successCount));
  });

  const taken = (method: 'GET' | 'POST', url: string) => app.hasRoute({ method, url: `${ctx.config.apiBase}${url}` });
  for (const { screen } of ctx.screens.list()) {
    const code = screen.id;
    if (screen.url?.exportXls && !taken('GET', screen.url.exportXls))
      app.get(screen.url.exportXls, (req, reply) => exportXls(req, reply, code));
    if (screen.url?.importExcel && !taken('POST', screen.url.importExcel))
      app.post(screen.url.importExcel, { schema: { consumes: ['multipart/form-data'] } }, async (req) => {
        const o = await importRun(req, code);
        if (!o.errorCount) return okMessage(ENGINE_TEXT.importAllOk(o.successCount));
        return partial({ ...o, msg: summary(o) });
      });
  }
}
