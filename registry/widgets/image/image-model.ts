/**
 * Headless rules of the `image` widget (spec 2.6 image upload dialog, 5.6): moving images in
 * the list and confirming the dialog (local uploads and a network image address). No React.
 */
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { roomFor, type UploadItem } from '../upload/upload-model.js';

export type MoveDirection = 'left' | 'right';

/**
 * Where an image moves (spec 5.6): `{ to }` the new index, or `{ warning }` — moving the first
 * image (or an unknown index) to the left warns 未知的操作, moving the last to the right warns
 * 已到最后~.
 */
export function moveTarget(index: number, count: number, direction: MoveDirection): { to: number } | { warning: string } {
  if (!Number.isInteger(index) || index < 0 || index >= count) return { warning: UPLOAD_TEXT.unknownMove };
  if (direction === 'left') return index === 0 ? { warning: UPLOAD_TEXT.unknownMove } : { to: index - 1 };
  return index === count - 1 ? { warning: UPLOAD_TEXT.atLast } : { to: index + 1 };
}

/** Whether a network image address is acceptable: free text that starts with http:// or https:// (spec 5.6). */
export function isNetworkImageUrl(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url.trim());
}

/**
 * The stored path of a network image: the trimmed address with commas escaped (%2C), since the
 * stored value joins paths with commas.
 */
export function networkImagePath(url: string): string {
  return url.trim().replace(/,/g, '%2C');
}

/** What the image dialog holds when OK is pressed. */
export interface ImageDialogInput {
  /** Entries chosen in the dialog's local tab (drafts). */
  drafts: readonly UploadItem[];
  /** The network image address and its optional remark. */
  url: string;
  remark?: string;
  /** Images already in the field's list, and the field's cap (extend.uploadnum). */
  count: number;
  max?: number;
}

/**
 * Confirms the image upload dialog (spec 2.6, 5.6): nothing uploaded (failed drafts do not
 * count) and no address → 未上传任何文件; an address not starting with http(s) → the address
 * text; more than the cap → 最多上传 n 个文件. Otherwise `{ network }`: the address to add (or
 * null), the drafts being committed by the caller.
 */
export function confirmImageDialog(input: ImageDialogInput): { warning: string } | { network: { path: string; remark?: string } | null } {
  const uploaded = input.drafts.filter((f) => f.status !== 'error' && f.status !== 'removed').length;
  const url = input.url.trim();
  if (url && !isNetworkImageUrl(url)) return { warning: UPLOAD_TEXT.networkInvalid };
  if (!uploaded && !url) return { warning: UPLOAD_TEXT.noFile };
  if (input.max !== undefined && uploaded + (url ? 1 : 0) > roomFor(input.count, input.max)) {
    return { warning: UPLOAD_TEXT.limit(input.max) };
  }
  if (!url) return { network: null };
  const remark = input.remark?.trim();
  return { network: remark ? { path: networkImagePath(url), remark } : { path: networkImagePath(url) } };
}
