import { useEffect, useState } from 'react';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';

/**
 * The configured data sources (多数据源管理) as select options `{value: code, label: name}`,
 * loaded from /sys/dataSource/options while `active` (a modal being open). Empty when there are
 * none or the call fails (the main database is then the only choice).
 */
export function useDataSourceOptions(active: boolean): { value: string; label: string }[] {
  const { request } = useRuntimeContext();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    void request.get<{ value: string; label: string }[]>('/sys/dataSource/options').then((res) => {
      if (live && res.success) setOptions(res.result.map((o) => ({ value: o.value, label: o.label })));
    });
    return () => {
      live = false;
    };
  }, [active, request]);
  return options;
}
