import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha } from '../../api/auth';

/** State of the login captcha (spec 7.1; api-contract §2.1 /sys/randomImage/{key}). */
export interface CaptchaState {
  /** data-URL image; '' while loading or when the request failed */
  image: string;
  /** the key sent as `checkKey` with the login */
  checkKey: string;
  /** false when the server answered an empty image: captcha switched off */
  enabled: boolean;
  /** true once the first answer (or failure) came: `enabled` is known */
  loaded: boolean;
  refresh(): void;
}

/**
 * Loads the captcha image for key = Date.now() string and reloads it on `refresh()`.
 * An empty/null `result` means the server has captcha off (`enabled` false). A failed request
 * keeps the input shown with an empty image (click to retry). Returns CaptchaState.
 */
export function useCaptcha(): CaptchaState {
  const [state, setState] = useState({ image: '', checkKey: '', enabled: true, loaded: false });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    const key = String(Date.now());
    fetchCaptcha(key)
      .then((res) => {
        if (!live) return;
        const image = res.success && typeof res.result === 'string' ? res.result : '';
        const off = res.success && !res.result;
        setState({ image, checkKey: key, enabled: !off, loaded: true });
      })
      .catch(() => {
        if (live) setState({ image: '', checkKey: key, enabled: true, loaded: true });
      });
    return () => {
      live = false;
    };
  }, [round]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, refresh };
}
