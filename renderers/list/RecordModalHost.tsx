import { useImperativeHandle, useState, type Ref } from 'react';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import type { WidgetRegistry } from '../../registry/registry';
import RecordModal, { type RecordModalMode } from './RecordModal';

type Row = Record<string, unknown>;

/** What a list calls to open its record modal. */
export interface RecordModalOpener {
  open: (mode: RecordModalMode, record?: Row) => void;
}

export interface RecordModalHostProps {
  screen: ScreenSchema;
  registry: WidgetRegistry;
  /** Receives the opener (stable for the host's life). */
  opener: Ref<RecordModalOpener>;
  /** Called after a successful save (the modal has closed). */
  onSaved: () => void;
}

/**
 * Holds a list's add / edit / detail modal state (spec 4.6) apart from the list, so opening or
 * closing the modal re-renders the modal alone — not the list's table behind it (a wide list of
 * 200 columns would otherwise be redrawn on every 新增).
 */
export default function RecordModalHost({ screen, registry, opener, onSaved }: RecordModalHostProps) {
  const [modal, setModal] = useState<{ mode: RecordModalMode; record?: Row } | null>(null);
  useImperativeHandle(opener, () => ({ open: (mode, record) => setModal({ mode, record }) }), []);
  if (!modal) return null;
  return (
    <RecordModal
      screen={screen}
      registry={registry}
      mode={modal.mode}
      record={modal.record}
      onClose={() => setModal(null)}
      onSaved={() => {
        setModal(null);
        onSaved();
      }}
    />
  );
}
