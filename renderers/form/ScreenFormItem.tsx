/**
 * The form's field decorator (and the 200-field form benchmark): Formily's antd-v5
 * FormItem markup and class names (so its stylesheet, the e2e selectors and the error colours
 * stay the same) without what a screen form never uses but every FormItem pays for — a label
 * overflow measurement per item (two getBoundingClientRect calls a frame after mounting, then a
 * re-render with a Tooltip), a stylesheet registration per item, popover feedback, inset and
 * feedback-icon states. The stylesheet is registered once per form ({@link FormItemStyle}); a
 * long label shows in full through its title attribute.
 */
import { isVoidField, type GeneralField } from '@formily/core';
import { connect, mapProps } from '@formily/react';
import { useFormItemLayout } from '@formily/antd-v5/esm/form-item/hooks';
import useFormItemStyle from '@formily/antd-v5/esm/form-item/style';
import { FormLayoutShallowContext } from '@formily/antd-v5/esm/form-layout';
import cls from 'classnames';
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';

const PREFIX = 'ant-formily-item';
const EMPTY_LAYOUT = {};
const HashContext = createContext('');

/** Registers Formily's FormItem stylesheet once and hands its hash class to the items below. */
export function FormItemStyle({ children }: { children?: ReactNode }) {
  const [wrapSSR, hashId] = useFormItemStyle(PREFIX);
  return wrapSSR(<HashContext.Provider value={hashId}>{children}</HashContext.Provider>);
}

export interface ItemProps {
  label?: ReactNode;
  asterisk?: boolean;
  feedbackStatus?: string;
  feedbackText?: ReactNode;
  extra?: ReactNode;
  gridSpan?: number;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** One field: label (asterisk, colon), control, help text, extra — FormItem's DOM and classes. */
export function LeanItem(props: ItemProps) {
  const hashId = useContext(HashContext);
  const {
    layout,
    colon = true,
    labelCol,
    wrapperCol,
    labelWidth,
    labelAlign,
    wrapperAlign = 'left',
    size,
    feedbackLayout,
  } = useFormItemLayout(props);
  const { label, asterisk, feedbackStatus, feedbackText, extra, gridSpan, className, style, children } = props;
  const enableCol = !!(labelCol || wrapperCol) && !labelWidth && layout !== 'vertical';
  return (
    <div
      data-grid-span={gridSpan}
      style={style}
      className={cls(
        className,
        PREFIX,
        `${PREFIX}-layout-${layout}`,
        {
          [`${PREFIX}-${feedbackStatus}`]: !!feedbackStatus,
          [`${PREFIX}-feedback-has-text`]: !!feedbackText,
          [`${PREFIX}-size-${size}`]: !!size,
          [`${PREFIX}-feedback-layout-${feedbackLayout}`]: !!feedbackLayout,
        },
        `${PREFIX}-label-align-${labelAlign}`,
        `${PREFIX}-control-align-${wrapperAlign}`,
        hashId,
      )}
    >
      {label ? (
        <div className={cls(`${PREFIX}-label`, { [`${PREFIX}-item-col-${labelCol}`]: enableCol && !!labelCol })}>
          <div className={`${PREFIX}-label-content`} title={typeof label === 'string' ? label : undefined}>
            <span>
              {asterisk && <span className={`${PREFIX}-asterisk`}>*</span>}
              <label>{label}</label>
            </span>
          </div>
          {label !== ' ' && <span className={`${PREFIX}-colon`}>{colon ? ':' : ''}</span>}
        </div>
      ) : null}
      <div className={cls(`${PREFIX}-control`, { [`${PREFIX}-item-col-${wrapperCol}`]: enableCol && !!wrapperCol && !!label })}>
        <div className={`${PREFIX}-control-content`}>
          <div className={`${PREFIX}-control-content-component`}>
            <FormLayoutShallowContext.Provider value={EMPTY_LAYOUT}>{children}</FormLayoutShallowContext.Provider>
          </div>
        </div>
        {!!feedbackText && feedbackLayout !== 'popover' && feedbackLayout !== 'none' && (
          <div
            className={cls(`${PREFIX}-help`, `${PREFIX}-help-enter`, `${PREFIX}-help-enter-active`, {
              [`${PREFIX}-${feedbackStatus}-help`]: !!feedbackStatus,
            })}
          >
            {feedbackText}
          </div>
        )}
        {extra ? <div className={`${PREFIX}-extra`}>{extra}</div> : null}
      </div>
    </div>
  );
}

/** A field's messages joined with ', ' (FormItem's own rule). */
function joined(messages: ReactNode[]): ReactNode[] {
  return messages.filter(Boolean).flatMap((m, i, all) => (i < all.length - 1 ? [m, ', '] : [m]));
}

/**
 * The decorator registered as `FormItem` in the screen form's SchemaField: the field's title,
 * required asterisk (not in read-pretty), validate status and first messages (errors, then
 * warnings, then successes; none while validating), as Formily's FormItem maps them.
 */
export const ScreenFormItem = connect(
  LeanItem,
  mapProps((props: ItemProps & { feedbackText?: ReactNode }, field: GeneralField) => {
    if (isVoidField(field)) return { label: field.title || props.label, asterisk: props.asterisk, extra: props.extra || field.description };
    if (!field) return props;
    const feedbackText = field.validating
      ? undefined
      : props.feedbackText ||
        (field.selfErrors.length
          ? joined(field.selfErrors)
          : field.selfWarnings.length
            ? joined(field.selfWarnings)
            : field.selfSuccesses.length
              ? joined(field.selfSuccesses)
              : undefined);
    return {
      label: props.label || field.title,
      feedbackStatus: field.validating ? 'pending' : field.decoratorProps.feedbackStatus || field.validateStatus,
      feedbackText,
      asterisk: 'asterisk' in props ? props.asterisk : field.required && field.pattern !== 'readPretty',
      extra: props.extra || field.description,
    };
  }),
);
