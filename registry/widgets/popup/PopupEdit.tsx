import { SearchOutlined } from '@ant-design/icons';
import { useForm } from '@formily/react';
import { Input, Typography, message } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { toColumn } from '../../../src/shared/columns.js';
import { ReadText, displayText } from '../../shared/cells.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { WidgetProps } from '../../shared/props.js';
import { checkPopupConfig, popupValues, type PopupConfig } from '../../pickers/model.js';

/** The report picker loads only when a popup field is clicked (docs/architecture.md "Libraries and heavy widgets": lists stay lean). */
const LazyPopupPicker = lazy(() => import('../../pickers/PopupPickerModal.js'));

/**
 * The report parameters of a popup field (extend.popupParams): `${field}` takes the current value
 * of that form field ('' when empty), anything else is sent as it is.
 */
export function popupParamValues(extend: WidgetProps['extend'], valueOf: (column: string) => unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(extend?.popupParams ?? {})) {
    const m = /^\$\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}$/.exec(raw);
    const v = m ? valueOf(toColumn(m[1])) : raw;
    out[name] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** The popup settings of a field: extend.popupCode, orgFields, destFields. */
export function popupConfigOf(extend: WidgetProps['extend']): PopupConfig {
  return { code: extend?.popupCode, orgFields: extend?.orgFields, destFields: extend?.destFields };
}

/**
 * Edit renderer of `popup` (JPopup): a read-only input (placeholder 请选择, spec 9) that opens the
 * popup report picker of extend.popupCode. On OK each origin field (extend.orgFields) of the
 * picked rows goes to its target field (extend.destFields, same order; values joined by ','
 * with extend.popupMulti): this field takes the value aimed at itself, the others are set in the
 * form. A wrong configuration shows the spec 5.6 error and opens nothing.
 */
export function PopupEdit(props: WidgetProps<string>) {
  const { value, onChange, extend, screenField, disabled, readOnly } = props;
  const form = useForm();
  const [open, setOpen] = useState(false);
  const cfg = popupConfigOf(extend);
  const problem = checkPopupConfig(cfg);
  const locked = disabled || readOnly;
  const openPicker = () => {
    if (locked) return;
    if (problem) {
      void message.error(problem);
      return;
    }
    setOpen(true);
  };
  const apply = (rows: Record<string, unknown>[]) => {
    setOpen(false);
    const values = popupValues(rows, cfg);
    const own = screenField ? [screenField.name, toColumn(screenField.name)] : [];
    for (const [dest, v] of Object.entries(values)) {
      if (own.includes(dest)) onChange?.(v === '' ? null : v);
      else form?.setValuesIn(toColumn(dest), v === '' ? null : v);
    }
  };
  return (
    <>
      <Input
        data-testid="popup-input"
        readOnly
        disabled={disabled}
        status={problem ? 'error' : undefined}
        placeholder={WIDGET_TEXT.select}
        value={displayText(value)}
        onClick={openPicker}
        suffix={<SearchOutlined onClick={openPicker} />}
      />
      {problem && (
        <Typography.Text type="danger" data-testid="popup-error">
          {problem}
        </Typography.Text>
      )}
      {open && cfg.code && (
        <Suspense fallback={null}>
          <LazyPopupPicker
            open
            code={cfg.code}
            multi={!!extend?.popupMulti}
            params={popupParamValues(extend, (c) => (form?.values as Record<string, unknown> | undefined)?.[c])}
            onOk={apply}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Read-pretty of `popup`: the value as text. */
export function PopupRead({ value }: WidgetProps) {
  return <ReadText>{displayText(value)}</ReadText>;
}
