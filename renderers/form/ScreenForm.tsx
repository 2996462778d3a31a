import { FormLayout } from '@formily/antd-v5';
import { createForm, type Form } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { Alert } from 'antd';
import { memo, useEffect, useMemo } from 'react';
import { formComponents, widgetComponentResolver, type WidgetRegistry } from '../../registry/registry.js';
import {
  disabledFieldsFromAuth,
  formDefaults,
  type CompiledForm,
  type FormMode,
  type RemoteChecks,
} from '../../src/runtime/form/compile.js';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { useRuntimeContext, type RequestPort } from '../../registry/context/RuntimeContext.js';
import { ScreenGrid } from './ScreenGrid.js';
import { FormItemStyle, ScreenFormItem } from './ScreenFormItem.js';
import { compileCached } from './compile-cache.js';
import { GATE_MIN_FIELDS, ProgressiveItems } from './progressive-items.js';

export interface ScreenFormProps {
  screen: ScreenSchema;
  mode: FormMode;
  /** The record being edited or shown (keys = DB columns); merged over the add-mode defaults. Memoise it: a new object rebuilds the form. */
  values?: Record<string, unknown>;
  /** Widget registry (default: the runtime context's). */
  registry?: WidgetRegistry;
  /** Called with the Formily form whenever a new one is built; the caller submits with `await form.validate()` then `form.values`. */
  onReady?: (form: Form) => void;
  /** Label placement (default vertical). */
  layout?: 'vertical' | 'horizontal';
}

/** Formily's SchemaField over the lean FormItem (ScreenFormItem), the grid (ScreenGrid under the name FormGrid) and a registry's widgets. */
function makeSchemaField(registry: WidgetRegistry) {
  return createSchemaField({ components: { FormItem: ScreenFormItem, FormGrid: ScreenGrid, ...formComponents(registry) } });
}

/** Fields of a compiled form (the properties of its grid). */
function fieldCount(compiled: CompiledForm): number {
  const grid = Object.values(compiled.schema.properties ?? {})[0];
  return Object.keys(grid?.properties ?? {}).length;
}

export interface ScreenFormState {
  form: Form | null;
  compiled: CompiledForm | null;
  /** Compile error (unknown widget …), shown as a readable panel. */
  error: Error | null;
  SchemaField: ReturnType<typeof makeSchemaField>;
  /** A large editable form: its items mount progressively (progressive-items.tsx). */
  gated: boolean;
}

/**
 * The server checks of a form over the request port (api-contract §6.3, §6.5): the server's
 * message when it answers success false, null when the value passes or the call itself fails
 * (the shell has shown that error already; the save is checked by the server again).
 */
export function remoteChecks(request: () => RequestPort): RemoteChecks {
  const ask = async (url: string, params: Record<string, unknown>) => {
    try {
      const r = await request().get(url, params);
      return r.success ? null : r.message;
    } catch {
      return null;
    }
  };
  return {
    duplicate: (params) => ask('/sys/duplicate/check', params),
    checkRule: (ruleCode, value) => ask('/sys/checkRule/checkByCode', { ruleCode, value }),
  };
}

const remoteByPort = new WeakMap<RequestPort, RemoteChecks>();

/** One remote-check object per request port (stable, so compiled forms can be reused). */
function remoteChecksOf(request: RequestPort): RemoteChecks {
  let remote = remoteByPort.get(request);
  if (!remote) remoteByPort.set(request, (remote = remoteChecks(() => request)));
  return remote;
}

/**
 * Binds a screen schema to a Formily form (React hooks that bind the runtime live with the renderers,
 * docs/architecture.md "Layers and folders"). Compiles the screen (src/runtime/form/compile.ts) with the permission-
 * disabled fields of the runtime context (allAuth type '2', status '1', action
 * `${authPre}:form:${field}` not held in auth) and the user's defaults, creates the form with
 * initialValues = compiled defaults merged with `values` (read-pretty in detail mode; the first
 * failing rule of a field wins, spec 5.4) and the
 * SchemaField over FormItem, FormGrid and the widgets of `ownRegistry`, else the runtime
 * context's registry. A compile error is returned in `error`; only a missing registry throws.
 */
export function useScreenForm(
  screen: ScreenSchema,
  mode: FormMode,
  values?: Record<string, unknown>,
  ownRegistry?: WidgetRegistry,
): ScreenFormState {
  const { allAuth, auth, user, request, registry: contextRegistry } = useRuntimeContext();
  const registry = ownRegistry ?? contextRegistry;
  if (!registry) throw new Error('The widget registry is missing: pass one or wrap the form in <WidgetRegistryProvider>');
  const remote = remoteChecksOf(request);
  const recordId = typeof values?.id === 'string' || typeof values?.id === 'number' ? String(values.id) : undefined;
  // A stable key, so a context that hands out new arrays on every render does not rebuild the form.
  const disabledKey = [...disabledFieldsFromAuth(screen, allAuth, auth)].sort().join(',');
  const username = user?.username;
  const orgCode = user?.orgCode;
  const { compiled, error } = useMemo(() => {
    try {
      const c = compileCached(
        screen,
        {
          mode,
          widgetComponent: widgetComponentResolver(registry),
          disabledFields: new Set(disabledKey ? disabledKey.split(',') : []),
          context: { username, orgCode },
          remote,
          recordId: mode === 'add' ? undefined : recordId,
        },
        registry,
      );
      return { compiled: c, error: null };
    } catch (e) {
      return { compiled: null, error: e instanceof Error ? e : new Error(String(e)) };
    }
  }, [screen, mode, registry, disabledKey, username, orgCode, remote, recordId]);
  const form = useMemo(
    () =>
      compiled
        ? createForm({
            // defaults resolved now (date and time), the compiled schema may be a cached one
            initialValues: { ...(mode === 'add' ? formDefaults(screen, { username, orgCode }) : {}), ...(values ?? {}) },
            readPretty: mode === 'detail',
            readOnly: mode === 'readOnly',
            validateFirst: true,
          })
        : null,
    [compiled, values, mode, screen, username, orgCode],
  );
  const gated = !!compiled && mode !== 'detail' && fieldCount(compiled) > GATE_MIN_FIELDS;
  const SchemaField = useMemo(() => makeSchemaField(registry), [registry]);
  return { form, compiled, error, SchemaField, gated };
}

/**
 * Renders the form of a screen schema in add, edit or detail mode (spec 3 field model, 5.4
 * validation, docs/architecture.md "Permission model" for disabled fields). Submitting is the caller's
 * job: take the form from `onReady`, `await form.validate()`, then read `form.values`.
 * A screen that does not compile shows an error panel naming the field and widget.
 * Memoised: a parent re-rendering with the same props (the modal around it, when it takes the
 * form from `onReady`) does not re-render the form's fields.
 */
export const ScreenForm = memo(function ScreenForm({ screen, mode, values, registry, onReady, layout = 'vertical' }: ScreenFormProps) {
  const { form, compiled, error, SchemaField, gated } = useScreenForm(screen, mode, values, registry);
  useEffect(() => {
    if (form) onReady?.(form);
    // onReady is a callback prop; reporting once per form is the contract
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);
  if (error || !form || !compiled) {
    return <Alert type="error" showIcon message="表单配置错误" description={error?.message} />;
  }
  const labels = layout === 'horizontal' ? { labelCol: 6, wrapperCol: 18 } : {};
  return (
    <FormProvider form={form}>
      <FormLayout layout={layout} colon={layout === 'horizontal'} gridColumnGap={24} {...labels}>
        <FormItemStyle>
          <ProgressiveItems config={gated ? { layout } : null}>
            <SchemaField schema={compiled.schema as unknown as ISchema} />
          </ProgressiveItems>
        </FormItemStyle>
      </FormLayout>
    </FormProvider>
  );
});

export default ScreenForm;
