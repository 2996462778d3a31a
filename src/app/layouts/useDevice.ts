import { useEffect, useState } from 'react';

/** Device classes of spec 2.4 / 9: below 1088 px mobile, below 768 px the smaller mobile. */
export type Device = 'desktop' | 'tablet' | 'mobile';

/** Breakpoints of spec 9 (max-width media queries). */
export const MOBILE_MAX = 1087.99;
export const SMALL_MOBILE_MAX = 767.99;

/**
 * Device of a viewport width (px): 'desktop' from 1088, 'tablet' (mobile layout) from 768,
 * 'mobile' (the smaller mobile) below. Pure; used by useDevice.
 */
export function deviceOf(width: number): Device {
  if (width <= SMALL_MOBILE_MAX) return 'mobile';
  if (width <= MOBILE_MAX) return 'tablet';
  return 'desktop';
}

/** True for both mobile classes (sidebar as a drawer, no multi-tab strip, spec 2.4). */
export function isMobileDevice(device: Device): boolean {
  return device !== 'desktop';
}

/**
 * The current device, following window resizes (spec 2.4 "mobile or desktop mode").
 * No inputs; returns the Device.
 */
export function useDevice(): Device {
  const [device, setDevice] = useState<Device>(() => (typeof window === 'undefined' ? 'desktop' : deviceOf(window.innerWidth)));
  useEffect(() => {
    const update = () => setDevice(deviceOf(window.innerWidth));
    const queries = [`(max-width: ${MOBILE_MAX}px)`, `(max-width: ${SMALL_MOBILE_MAX}px)`].map((q) => window.matchMedia(q));
    queries.forEach((q) => q.addEventListener('change', update));
    update();
    return () => queries.forEach((q) => q.removeEventListener('change', update));
  }, []);
  return device;
}
