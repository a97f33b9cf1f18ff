import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the full duration and does not run before start', () => {
    const { result } = renderHook(() => useCountdown(30));
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.secondsLeft).toBe(30);
    expect(result.current.isRunning).toBe(false);
  });

  it('counts down once per second and stops at zero', () => {
    const { result } = renderHook(() => useCountdown(30));
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(30);
    expect(result.current.isRunning).toBe(true);

    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(29);

    act(() => vi.advanceTimersByTime(28_500));
    expect(result.current.secondsLeft).toBe(1);
    expect(result.current.isRunning).toBe(true);

    act(() => vi.advanceTimersByTime(600));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.isRunning).toBe(false);

    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('goes back to the full duration on reset and restarts from it', () => {
    const { result } = renderHook(() => useCountdown(30));
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(12_000));
    expect(result.current.secondsLeft).toBe(18);

    act(() => result.current.reset());
    expect(result.current.secondsLeft).toBe(30);
    expect(result.current.isRunning).toBe(false);

    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(29);
  });
});
