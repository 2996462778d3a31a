import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { BizError } from '../../http/envelope.js';
import type { WfModel } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import type { ScreenRegistry } from '../../online/screen-registry.js';
import { formatDateTime } from '../../../shared/time.js';
import { BPMN_PREFIXES, DEFAULT_PREFIX, prefixOf, type BpmnPrefix } from '../../../shared/bpmn/extension-descriptor.js';
import { PROCESS_CATEGORIES } from '../../../shared/bpmn/process-texts.js';
import { parseDiagram, renameProcess } from './diagram.js';
import { assertDeployable } from './lint.js';
import { assertReviewersExist } from './reviewer-check.js';
import { INSTANCE_STATUS, WF_TEXT } from './texts.js';

type Row = Record<string, unknown>;
const KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** What add and edit accept (camelCase, as the designer and the list send). */
export interface ModelInput {
  id?: string;
  modelKey?: string;
  name?: string;
  category?: string;
  prefix?: string;
  formScreen?: string | null;
  description?: string | null;
  xml?: string | null;
}

/** A model row as answered (camelCase, texts of its category and state, without the XML unless asked). */
export function modelOut(m: WfModel, withXml = false): Row {
  return {
    id: m.id,
    modelKey: m.model_key,
    name: m.name,
    category: m.category,
    category_dictText: PROCESS_CATEGORIES.find((c) => c.value === m.category)?.text ?? m.category,
    prefix: m.prefix,
    formScreen: m.form_screen,
    description: m.description,
    status: m.status,
    status_dictText: m.status === '1' ? '已部署' : '草稿',
    version: m.version,
    createBy: m.create_by,
    createTime: m.create_time,
    updateBy: m.update_by,
    updateTime: m.update_time,
    ...(withXml ? { xml: m.xml } : {}),
  };
}

/**
 * Process models (流程模型, spec 2.7): a key, a name, a type (general / OA office / business
 * handling), the extension prefix, the diagram's XML, the screen it is bound to, a state (draft /
 * deployed) and the number of its latest deployed version. Deploying checks the diagram
 * (lint.ts) and stores an immutable version (wf_definition); instances keep the version they
 * started on. Every write runs in one transaction.
 */
export class ModelService {
  constructor(
    private readonly db: Db,
    private readonly screens: ScreenRegistry,
  ) {}

  /** The model `id` (not deleted); BizError 流程模型不存在. */
  async get(id: unknown, via: Db = this.db): Promise<WfModel> {
    if (typeof id !== 'string' || !id) throw new BizError(WF_TEXT.modelNotFound);
    const m = await via.selectFrom('wf_model').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!m) throw new BizError(WF_TEXT.modelNotFound);
    return m;
  }

  /** A page of models filtered by name (contains), key (contains) and category, newest change first. */
  async list(q: Row): Promise<{ records: Row[]; total: number }> {
    const pageNo = Math.max(1, Number(q.pageNo) || 1);
    const pageSize = Math.min(200, Math.max(1, Number(q.pageSize) || 10));
    let base = this.db.selectFrom('wf_model').where('del_flag', '=', 0);
    const like = (v: unknown) => `%${String(v).replace(/[*%_\\]/g, (c) => (c === '*' ? '' : `\\${c}`))}%`;
    if (typeof q.name === 'string' && q.name) base = base.where('name', 'like', like(q.name));
    if (typeof q.modelKey === 'string' && q.modelKey) base = base.where('model_key', 'like', like(q.modelKey));
    if (typeof q.category === 'string' && q.category) base = base.where('category', '=', q.category);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base
      .selectAll()
      .orderBy('update_time', 'desc')
      .orderBy('create_time', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return { records: rows.map((m) => modelOut(m)), total };
  }

  /** Checks a screen id for binding: it exists and has a declared approval status. */
  private checkScreen(screenId: string | null | undefined): string | null {
    if (!screenId) return null;
    const loaded = this.screens.get(screenId);
    if (!loaded) throw new BizError(WF_TEXT.screenUnknown(screenId));
    if (!loaded.screen.workflow) throw new BizError(WF_TEXT.screenNoWorkflow(loaded.screen.title));
    return screenId;
  }

  private async assertScreenFree(trx: Db, screenId: string | null, modelId: string | null): Promise<void> {
    if (!screenId) return;
    let q = trx.selectFrom('wf_model').select(['name']).where('form_screen', '=', screenId).where('del_flag', '=', 0);
    if (modelId) q = q.where('id', '!=', modelId);
    const other = await q.executeTakeFirst();
    if (other) throw new BizError(WF_TEXT.screenTaken(other.name));
  }

  /** Creates a model (key default `Process_` + timestamp, spec 9); returns it. */
  async add(input: ModelInput, user: SessionUser): Promise<Row> {
    const key = (input.modelKey ?? '').trim() || `Process_${Date.now()}`;
    if (!KEY.test(key)) throw new BizError(WF_TEXT.keyPattern);
    const name = (input.name ?? '').trim();
    if (!name) throw new BizError(WF_TEXT.nameRequired);
    const prefix = (BPMN_PREFIXES as readonly string[]).includes(input.prefix ?? '') ? (input.prefix as BpmnPrefix) : DEFAULT_PREFIX;
    const category = PROCESS_CATEGORIES.some((c) => c.value === input.category) ? String(input.category) : PROCESS_CATEGORIES[0].value;
    const formScreen = this.checkScreen(input.formScreen);
    const now = formatDateTime();
    return inTransaction(this.db, async (trx) => {
      const taken = await trx.selectFrom('wf_model').select('id').where('model_key', '=', key).where('del_flag', '=', 0).executeTakeFirst();
      if (taken) throw new BizError(WF_TEXT.keyTaken(key));
      await this.assertScreenFree(trx, formScreen, null);
      const row: WfModel = {
        id: newId(),
        model_key: key,
        name,
        category,
        prefix,
        xml: input.xml ?? null,
        form_screen: formScreen,
        description: input.description ?? null,
        status: '0',
        version: 0,
        del_flag: 0,
        create_by: user.username,
        create_time: now,
        update_by: null,
        update_time: now,
      };
      if (row.xml) await this.checkXml(row.xml, key);
      await trx.insertInto('wf_model').values(row).execute();
      return modelOut(row);
    });
  }

  private async checkXml(xml: string, key: string): Promise<void> {
    const { process } = await parseDiagram(xml);
    if (process.id !== key) throw new BizError(WF_TEXT.keyMismatch(key));
  }

  /**
   * Saves the model's fields and, when given, its diagram (which must parse and keep the model's
   * key as the process id). A saved diagram differs from the deployed one, so the state returns
   * to draft until the next deploy. Returns the model.
   */
  async edit(input: ModelInput, user: SessionUser): Promise<Row> {
    return inTransaction(this.db, async (trx) => {
      const m = await this.get(input.id, trx);
      const set: Partial<WfModel> = { update_by: user.username, update_time: formatDateTime() };
      if (input.name !== undefined) {
        if (!String(input.name).trim()) throw new BizError(WF_TEXT.nameRequired);
        set.name = String(input.name).trim();
      }
      if (input.category !== undefined && PROCESS_CATEGORIES.some((c) => c.value === input.category)) set.category = input.category;
      if (input.description !== undefined) set.description = input.description;
      if (input.formScreen !== undefined) {
        set.form_screen = this.checkScreen(input.formScreen);
        await this.assertScreenFree(trx, set.form_screen, m.id);
      }
      if (typeof input.xml === 'string' && input.xml !== m.xml) {
        await this.checkXml(input.xml, m.model_key);
        set.xml = input.xml;
        set.prefix = prefixOf(input.xml);
        set.status = '0';
      }
      await trx.updateTable('wf_model').set(set).where('id', '=', m.id).execute();
      return modelOut({ ...m, ...set } as WfModel);
    });
  }

  /** Copies a model under a new key (`{key}_copy` + timestamp) and name (`{name}-副本`), as a draft without binding. */
  async copy(id: unknown, user: SessionUser): Promise<Row> {
    const m = await this.get(id);
    const key = `${m.model_key.slice(0, 40)}_copy${Date.now()}`;
    const name = `${m.name}-副本`;
    return this.add(
      {
        modelKey: key,
        name,
        category: m.category,
        prefix: m.prefix,
        description: m.description,
        xml: m.xml ? renameProcess(m.xml, m.model_key, key, name) : null,
      },
      user,
    );
  }

  /**
   * Deploys the model's diagram as its next version: it must parse, keep the key and pass
   * {@link assertDeployable} (the message names the element), name existing users and roles as
   * reviewers ({@link assertReviewersExist}); the bound screen must still
   * declare an approval status. Returns the new version number.
   */
  async deploy(id: unknown, user: SessionUser): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const m = await this.get(id, trx);
      if (!m.xml) throw new BizError(WF_TEXT.xmlRequired);
      const diagram = await parseDiagram(m.xml);
      if (diagram.process.id !== m.model_key) throw new BizError(WF_TEXT.keyMismatch(m.model_key));
      await assertDeployable(diagram);
      await assertReviewersExist(trx, diagram);
      this.checkScreen(m.form_screen);
      const last = await trx
        .selectFrom('wf_definition')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('process_key', '=', m.model_key)
        .executeTakeFirst();
      const version = Math.max(Number(last?.v ?? 0), m.version) + 1;
      const now = formatDateTime();
      await trx
        .insertInto('wf_definition')
        .values({
          id: newId(),
          model_id: m.id,
          process_key: m.model_key,
          name: String(diagram.process.name ?? m.name),
          version,
          xml: m.xml,
          form_screen: m.form_screen,
          deploy_by: user.username,
          deploy_time: now,
        })
        .execute();
      await trx
        .updateTable('wf_model')
        .set({ status: '1', version, update_by: user.username, update_time: now })
        .where('id', '=', m.id)
        .execute();
      return version;
    });
  }

  /** Deletes a model (soft; its versions stay for the instances that ran on them); refused while an instance of it runs. */
  async remove(id: unknown, user: SessionUser): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const m = await this.get(id, trx);
      const running = await trx
        .selectFrom('wf_instance')
        .select('id')
        .where('process_key', '=', m.model_key)
        .where('status', '=', INSTANCE_STATUS.running)
        .executeTakeFirst();
      if (running) throw new BizError(WF_TEXT.deleteRunning);
      await trx
        .updateTable('wf_model')
        .set({ del_flag: 1, form_screen: null, update_by: user.username, update_time: formatDateTime() })
        .where('id', '=', m.id)
        .execute();
    });
  }

  /** The deployed versions of a model, newest first (version, name, deployer, time; the XML with `withXml`). */
  async versions(id: unknown): Promise<Row[]> {
    const m = await this.get(id);
    const rows = await this.db
      .selectFrom('wf_definition')
      .selectAll()
      .where('process_key', '=', m.model_key)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((d) => ({
      id: d.id,
      version: d.version,
      name: d.name,
      formScreen: d.form_screen,
      deployBy: d.deploy_by,
      deployTime: d.deploy_time,
      xml: d.xml,
    }));
  }

  /** The screens a process may be bound to: those with a declared approval status. */
  bindableScreens(): { value: string; text: string }[] {
    return this.screens
      .list()
      .filter((l) => l.screen.workflow && !l.screen.viewOf)
      .map((l) => ({ value: l.screen.id, text: l.screen.title }));
  }
}
