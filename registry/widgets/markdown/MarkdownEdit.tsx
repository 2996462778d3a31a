/**
 * Edit renderer of `markdown` on @uiw/react-md-editor (spec 9): markdown (edit) mode, height
 * 300 (extend.height, min 200, drag to resize), zh-CN labels, spec 9's toolbar — heading,
 * bold, italic, strike, hr, quote, ul, ol, task, indent, outdent, table, link, code,
 * codeblock — and an image-upload button (/sys/common/upload, biz jeditor) inserting
 * `![name](fileUrl)`. Emits the text, null when empty. Loaded lazily by index.tsx.
 */
import { PictureOutlined } from '@ant-design/icons';
import MDEditor, { commands, type ICommand } from '@uiw/react-md-editor';
import { message } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import type { WidgetProps } from '../../shared/props.js';
import { MARKDOWN_MIN_HEIGHT, MARKDOWN_TEXT as T, markdownHeight, shiftLines, toStoredMarkdown, uploadMarkdownImage } from './model.js';
import { safePreviewOptions } from './preview.js';

const zh = (cmd: ICommand, label: string): ICommand => ({ ...cmd, buttonProps: { ...cmd.buttonProps, 'aria-label': label, title: label } });

const headingLabel = (label: string) => <div style={{ fontSize: 14, textAlign: 'left' }}>{label}</div>;

const shiftCommand = (dir: 1 | -1): ICommand => ({
  name: dir === 1 ? 'indent' : 'outdent',
  keyCommand: dir === 1 ? 'indent' : 'outdent',
  buttonProps: { 'aria-label': dir === 1 ? T.indent : T.outdent, title: dir === 1 ? T.indent : T.outdent },
  icon: (
    <svg width="12" height="12" viewBox="0 0 1024 1024" aria-hidden="true">
      <path
        fill="currentColor"
        d={
          dir === 1
            ? 'M0 64h1024v128H0z m384 192h640v128H384z m0 192h640v128H384z m0 192h640v128H384zM0 832h1024v128H0z m0-128V320l256 192z'
            : 'M0 64h1024v128H0z m384 192h640v128H384z m0 192h640v128H384z m0 192h640v128H384zM0 832h1024v128H0z m256-128V320L0 512z'
        }
      />
    </svg>
  ),
  execute: (state, api) => {
    const r = shiftLines(state.text, state.selection, dir);
    api.setSelectionRange({ start: r.from, end: r.to });
    api.replaceSelection(r.replacement);
    api.setSelectionRange(r.selection);
  },
});

/** Opens the file chooser for one image. */
function pickImage(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.onchange = () => resolve(input.files?.[0] ?? null);
    input.click();
  });
}

export default function MarkdownEdit({ value, onChange, onBlur, disabled, readOnly, placeholder, extend }: WidgetProps<string>) {
  const { request } = useRuntimeContext();
  const requestRef = useRef(request);
  useEffect(() => {
    requestRef.current = request;
  }, [request]);
  const locked = !!(disabled || readOnly);

  const toolbar = useMemo<ICommand[]>(() => {
    const imageUpload: ICommand = {
      name: 'image-upload',
      keyCommand: 'image-upload',
      buttonProps: { 'aria-label': T.imageUpload, title: T.imageUpload },
      icon: <PictureOutlined style={{ fontSize: 12 }} />,
      execute: (_state, api) => {
        void pickImage().then(async (file) => {
          if (!file) return;
          const hide = message.loading(T.uploading, 0);
          try {
            api.replaceSelection(await uploadMarkdownImage(requestRef.current, file));
          } catch (e) {
            message.error(e instanceof Error && e.message ? e.message : T.uploadFailed(file.name));
          } finally {
            hide();
          }
        });
      },
    };
    const headings = [commands.heading1, commands.heading2, commands.heading3, commands.heading4, commands.heading5, commands.heading6];
    return [
      commands.group(
        headings.map((h, i) => ({ ...zh(h, T.heading[i]), icon: headingLabel(T.heading[i]) })),
        { name: 'title', groupName: 'title', buttonProps: { 'aria-label': T.title, title: T.title } },
      ),
      zh(commands.bold, T.bold),
      zh(commands.italic, T.italic),
      zh(commands.strikethrough, T.strikethrough),
      zh(commands.hr, T.hr),
      zh(commands.quote, T.quote),
      commands.divider,
      zh(commands.unorderedListCommand, T.unorderedList),
      zh(commands.orderedListCommand, T.orderedList),
      zh(commands.checkedListCommand, T.checkedList),
      shiftCommand(1),
      shiftCommand(-1),
      commands.divider,
      zh(commands.table, T.table),
      zh(commands.link, T.link),
      zh(commands.code, T.code),
      zh(commands.codeBlock, T.codeBlock),
      imageUpload,
    ];
  }, []);
  const extra = useMemo<ICommand[]>(
    () => [
      zh(commands.codeEdit, T.edit),
      zh(commands.codeLive, T.live),
      zh(commands.codePreview, T.preview),
      commands.divider,
      zh(commands.fullscreen, T.fullscreen),
    ],
    [],
  );

  return (
    <MDEditor
      value={typeof value === 'string' ? value : ''}
      onChange={(v) => onChange?.(toStoredMarkdown(v))}
      onBlur={() => onBlur?.()}
      preview="edit"
      height={markdownHeight(extend?.height)}
      minHeight={MARKDOWN_MIN_HEIGHT}
      visibleDragbar={!locked}
      commands={toolbar}
      extraCommands={extra}
      hideToolbar={locked}
      previewOptions={safePreviewOptions}
      textareaProps={{ placeholder: placeholder || T.placeholder, disabled, readOnly }}
      data-color-mode="light"
    />
  );
}
