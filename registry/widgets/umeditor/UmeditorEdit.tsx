/**
 * Edit renderer of `umeditor` on wangEditor (spec 9): Chinese (wangEditor's default language),
 * height 300 (extend.height), spec 9's toolbar, images uploaded to /sys/common/upload
 * (biz=jeditor, jeditor=1; embedded as base64 when the server answers 'local'). Emits the
 * HTML, null for an empty document. Loaded lazily by index.tsx: nothing else imports it.
 */
import '@wangeditor/editor/dist/css/style.css';
import type { IDomEditor, IEditorConfig, IToolbarConfig } from '@wangeditor/editor';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import { message } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRuntimeContext } from '../../../renderers/context/RuntimeContext.js';
import type { WidgetProps } from '../../shared/props.js';
import { isSafeUrl } from '../../shared/sanitize.js';
import { toStoredHtml, UMEDITOR_HEIGHT, UMEDITOR_TEXT, UMEDITOR_TOOLBAR, uploadRichTextImage } from './model.js';

type InsertImage = (src: string, alt: string, href: string) => void;

const toolbarConfig: Partial<IToolbarConfig> = { toolbarKeys: UMEDITOR_TOOLBAR };

/** How long after a value arrives from outside an unfocused editor change counts as that load, not an edit. */
const LOAD_SETTLE_MS = 300;

export default function UmeditorEdit({ value, onChange, onBlur, disabled, readOnly, placeholder, extend }: WidgetProps<string>) {
  const { request } = useRuntimeContext();
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const [html, setHtml] = useState(() => (typeof value === 'string' ? value : ''));
  const emitted = useRef<string | null>(toStoredHtml(value));
  const loading = useRef(true);
  const latest = useRef({ request, onChange, onBlur });
  useEffect(() => {
    latest.current = { request, onChange, onBlur };
  }, [request, onChange, onBlur]);

  // A value set from outside (record loaded, form reset) replaces the document; the change
  // wangEditor then reports (normalised HTML) is not the user's edit and is not emitted.
  useEffect(() => {
    const v = toStoredHtml(typeof value === 'string' ? value : null);
    if (v === emitted.current) return;
    emitted.current = v;
    loading.current = true;
    setHtml(v ?? '');
  }, [value]);
  useEffect(() => {
    if (!loading.current) return;
    const t = setTimeout(() => (loading.current = false), LOAD_SETTLE_MS);
    return () => clearTimeout(t);
  }, [html]);

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
    scroll: true,
    customAlert: (info, type) => {
      if (type === 'error') message.error(info);
      else if (type === 'warning') message.warning(info);
      else if (type === 'success') message.success(info);
      else message.info(info);
    },
    onBlur: () => latest.current.onBlur?.(),
    MENU_CONF: {
      uploadImage: {
        allowedFileTypes: ['image/*'],
        customUpload: async (file: File, insert: InsertImage) => {
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
    const raw = ed.getHtml();
    setHtml(raw);
    const v = toStoredHtml(raw, ed.isEmpty());
    if (v === emitted.current) return;
    if (loading.current && !ed.isFocused()) return;
    emitted.current = v;
    latest.current.onChange?.(v);
  };

  return (
    <div className="umeditor-edit" style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden', background: '#fff' }}>
      <Toolbar
        editor={editor}
        defaultConfig={toolbarConfig}
        mode="default"
        style={{ borderBottom: '1px solid #d9d9d9', display: locked ? 'none' : undefined }}
      />
      <Editor
        defaultConfig={editorConfig}
        value={html}
        onCreated={setEditor}
        onChange={handleChange}
        mode="default"
        style={{ height: extend?.height ?? UMEDITOR_HEIGHT, overflowY: 'hidden' }}
      />
    </div>
  );
}
