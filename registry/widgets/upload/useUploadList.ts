import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import type { FieldExtendLike } from '../../shared/props.js';
import { showFailure } from './actions.js';
import {
  bizOf,
  buildUploadForm,
  errorMessageOf,
  failureNotice,
  itemsToValue,
  maxCountOf,
  newUid,
  pathsToItems,
  roomFor,
  startItem,
  uploadAnswer,
  uploadReducer,
  uploadUrlOf,
  visibleItems,
  type UploadEvent,
  type UploadItem,
  type UploadMode,
} from './upload-model.js';

const normal = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

export interface UploadListOptions {
  value: unknown;
  onChange?: (value: string | null) => void;
  mode: UploadMode;
  extend?: FieldExtendLike;
  /** A custom upload path under the API base (spec 7.3); default /sys/common/upload. */
  action?: string;
  /** The answer's field holding the stored path (upload cells; default `message`). */
  responseName?: string;
}

export interface UploadList {
  /** Every entry, dialog drafts included. */
  items: UploadItem[];
  /** The entries the list shows (no drafts). */
  visible: UploadItem[];
  /** extend.uploadnum, undefined without a cap. */
  max: number | undefined;
  /** Free places under the cap, counting drafts (Infinity without a cap). */
  room: number;
  /** Uploads a chosen file to /sys/common/upload or the custom action (biz from extend.biz, default temp). */
  upload(file: File & { uid?: string }, opts?: { draft?: boolean }): void;
  dispatch(event: UploadEvent): UploadItem[];
  fileUrl(path: string): string;
}

/**
 * The state of one upload field (spec 4.3): the file list built from the stored value, each
 * upload's transitions, and the value emitted only when every shown file is done. A failed
 * upload shows its notice (image: 上传出错 dialog; file: '{file} 上传失败.').
 */
export function useUploadList({ value, onChange, mode, extend, action, responseName }: UploadListOptions): UploadList {
  const { request } = useRuntimeContext();
  const fileUrl = request.fileUrl;
  const [items, setItems] = useState<UploadItem[]>(() => pathsToItems(value, fileUrl));
  const itemsRef = useRef(items);
  const emitted = useRef<string | null>(normal(value));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const v = normal(value);
    if (v === emitted.current) return;
    emitted.current = v;
    itemsRef.current = pathsToItems(v, fileUrl);
    setItems(itemsRef.current);
  }, [value, fileUrl]);

  const dispatch = useCallback(
    (event: UploadEvent) => {
      const next = uploadReducer(itemsRef.current, event, fileUrl);
      if (next === itemsRef.current) return next;
      itemsRef.current = next;
      setItems(next);
      const v = itemsToValue(next);
      if (v !== undefined && v !== emitted.current) {
        emitted.current = v;
        onChangeRef.current?.(v);
      }
      return next;
    },
    [fileUrl],
  );

  const max = maxCountOf(extend);
  const biz = bizOf(extend);
  const url = uploadUrlOf(action ?? extend?.action);

  const upload = useCallback(
    (file: File & { uid?: string }, opts: { draft?: boolean } = {}) => {
      const uid = file.uid || newUid();
      dispatch({ type: 'start', item: startItem(file, uid, opts.draft) });
      const settle = (event: UploadEvent) => {
        const item = dispatch(event).find((f) => f.uid === uid);
        if (item?.status === 'error') showFailure(failureNotice(mode, item));
      };
      let form: FormData;
      try {
        form = buildUploadForm(file, biz);
      } catch (e) {
        settle({ type: 'failure', uid, message: errorMessageOf(e) });
        return;
      }
      request
        .upload<unknown>(url, form, (percent) => dispatch({ type: 'progress', uid, percent }))
        .then(
          (res) => settle({ type: 'answer', uid, answer: uploadAnswer(res, responseName) }),
          (e: unknown) => settle({ type: 'failure', uid, message: errorMessageOf(e) }),
        );
    },
    [dispatch, biz, url, mode, request, responseName],
  );

  const visible = useMemo(() => visibleItems(items), [items]);
  const room = roomFor(items.filter((f) => f.status !== 'removed').length, max);
  return { items, visible, max, room, upload, dispatch, fileUrl };
}
