import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_WAIT_MS, useCaptchaGate } from './use-captcha-gate.ts';

afterEach(() => vi.useRealTimers());

describe('useCaptchaGate', () => {
  it('submits at once when no check runs, with the answer it has', () => {
    const { result } = renderHook(() => useCaptchaGate());
    act(() => result.current.captcha.onChange('solved'));
    const submit = vi.fn();
    act(() => result.current.whenReady(submit));
    expect(submit).toHaveBeenCalledWith('solved');
    expect(result.current.waiting).toBe(false);
  });

  it('waits while the check runs, says so, then submits once with its answer', () => {
    const { result } = renderHook(() => useCaptchaGate());
    act(() => result.current.captcha.onChecking(true));
    const submit = vi.fn();
    act(() => result.current.whenReady(submit));
    expect(submit).not.toHaveBeenCalled();
    expect(result.current.waiting).toBe(true);
    act(() => {
      result.current.captcha.onChange('fresh-solution');
      result.current.captcha.onChecking(false);
    });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith('fresh-solution');
    expect(result.current.waiting).toBe(false);
  });

  it('lets the submit go after a while when the check never ends', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCaptchaGate());
    act(() => result.current.captcha.onChecking(true));
    const submit = vi.fn();
    act(() => result.current.whenReady(submit));
    act(() => vi.advanceTimersByTime(CAPTCHA_WAIT_MS));
    expect(submit).toHaveBeenCalledWith(undefined);
    expect(result.current.waiting).toBe(false);
  });
});
