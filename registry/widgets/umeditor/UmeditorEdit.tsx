/**
 * Edit renderer of `umeditor` on wangEditor (spec 9): Chinese (wangEditor's default language),
 * height 300 (extend.height), spec 9's toolbar, images uploaded to /sys/common/upload
 * (biz=jeditor, jeditor=1; embedded as base64 when the server answers 'local'). Emits the
 * HTML, null for an empty document. Loaded lazily by index.tsx: nothing else imports it.
 */
import '@wangeditor/editor/dist/css/style.css';
import { SlateEditor, SlateTransforms, type IDomEditor, type IEditorConfig, type IToolbarConfig } from '@wangeditor/editor';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import { message } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import type { WidgetProps } from '../../shared/props.js';
import { isSafeUrl } from '../../../src/shared/rich-text-policy.js';
import { toStoredHtml, UMEDITOR_HEIGHT, UMEDITOR_TEXT, UMEDITOR_TOOLBAR, uploadRichTextImage } from './model.js';

type InsertImage = (src: string, alt: string, href: string) => void;

/**
 * Empties the document (setHtml('') fails inside slate after formatted text): deletes every
 * node and the leftover text formatting (bold, italic…) of the remaining empty paragraph.
 */
function clearDocument(editor: IDomEditor) {
  editor.clear();
  const start = SlateEditor.start(editor, []);
  const leaf = SlateEditor.leaf(editor, start)[0] as unknown as Record<string, unknown>;
  const marks = Object.keys(leaf).filter((k) => k !== 'text');
  if (marks.length) SlateTransforms.unsetNodes(editor, marks, { at: start.path });
}

const toolbarConfig: Partial<IToolbarConfig> = { toolbarKeys: UMEDITOR_TOOLBAR };

export default function UmeditorEdit({ value, onChange, onBlur, disabled, readOnly, placeholder, extend }: WidgetProps<string>) {
  const { request } = useRuntimeContext();
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const [initialHtml] = useState(() => (typeof value === 'string' ? value : ''));
  /** HTML from outside still to be put into the editor (it may arrive before the editor exists). */
  const pending = useRef<string | null>(null);
  const emitted = useRef<string | null>(toStoredHtml(value));
  /** Whether the user has worked in the editor since its value last came from outside. */
  const touched = useRef(false);
  const latest = useRef({ request, onChange, onBlur });
  useEffect(() => {
    latest.current = { request, onChange, onBlur };
  }, [request, onChange, onBlur]);

  // A value set from outside (record loaded, form reset) replaces the document; the change
  // wangEditor then reports (its normalised HTML) is not the user's edit and is not emitted.
  useEffect(() => {
    const v = toStoredHtml(typeof value === 'string' ? value : null);
    if (v !== emitted.current) {
      emitted.current = v;
      touched.current = false;
      pending.current = v ?? '';
    }
    if (!editor || pending.current === null) return;
    const next = pending.current;
    pending.current = null;
    try {
      // setHtml on a focused editor with a selection throws inside slate: drop both first.
      if (editor.isFocused()) editor.blur();
      editor.deselect();
      if (next) editor.setHtml(next);
      else clearDocument(editor);
    } catch (e) {
      console.error(e);
    }
  }, [value, editor]);

  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );
  const locked = !!(disabled || readOnly);
  useEffect(() => {
    if (!editor) return;
    if (locked) editor.disable();
    else editor.enable();
  }, [editor, locked]);

  // wangEditor reads its configuration once, at creation: callbacks go through `latest`.
  const [editorConfig] = useState<Partial<IEditorConfig>>(() => ({
    placeholder: placeholder || UMEDITOR_TEXT.placeholder,
    readOnly: locked,
    autoFocus: false,
    scroll: true,
    customAlert: (info, type) => {
      if (type === 'error') message.error(info);
      else if (type === 'warning') message.warning(info);
      else if (type === 'success') message.success(info);
      else message.info(info);
    },
    onFocus: () => {
      touched.current = true;
    },
    onBlur: () => latest.current.onBlur?.(),
    MENU_CONF: {
      uploadImage: {
        allowedFileTypes: ['image/*'],
        customUpload: async (file: File, insert: InsertImage) => {
          touched.current = true;
          try {
            insert(await uploadRichTextImage(latest.current.request, file), file.name, '');
          } catch (e) {
            message.error(e instanceof Error && e.message ? e.message : UMEDITOR_TEXT.uploadFailed(file.name));
          }
        },
      },
      insertImage: { checkImage: (src: string) => isSafeUrl('img', 'src', src) || UMEDITOR_TEXT.badImageUrl },
      editImage: { checkImage: (src: string) => isSafeUrl('img', 'src', src) || UMEDITOR_TEXT.badImageUrl },
      insertLink: { checkLink: (_text: string, url: string) => isSafeUrl('a', 'href', url) || UMEDITOR_TEXT.badLinkUrl },
      editLink: { checkLink: (_text: string, url: string) => isSafeUrl('a', 'href', url) || UMEDITOR_TEXT.badLinkUrl },
      insertVideo: {
        checkVideo: (src: string) => (!src.trim().startsWith('<') && isSafeUrl('video', 'src', src)) || UMEDITOR_TEXT.badVideoUrl,
      },
    },
  }));

  const handleChange = (ed: IDomEditor) => {
    const v = toStoredHtml(ed.getHtml(), ed.isEmpty());
    if (v === emitted.current) return;
    if (!touched.current && !ed.isFocused()) return;
    emitted.current = v;
    latest.current.onChange?.(v);
  };

  return (
    <div className="umeditor-edit" style={{ border: '1px solid #d9d9d9', background: '#fff' }}>
      <Toolbar
        editor={editor}
        defaultConfig={toolbarConfig}
        mode="default"
        style={{ borderBottom: '1px solid #d9d9d9', display: locked ? 'none' : undefined }}
      />
      <Editor
        defaultConfig={editorConfig}
        defaultHtml={initialHtml}
        onCreated={setEditor}
        onChange={handleChange}
        mode="default"
        style={{ height: extend?.height ?? UMEDITOR_HEIGHT, overflowY: 'hidden' }}
      />
    </div>
  );
}
