import { beforeEach, describe, expect, it, vi } from 'vitest';

const hot = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn(), remove: vi.fn() }),
);
vi.mock('react-hot-toast', () => ({ default: hot }));

const { default: toast } = await import('./notify');

describe('notify', () => {
  beforeEach(() => vi.clearAllMocks());

  it('gives the same text the same id, so it is never on screen twice', () => {
    toast.error('Invalid OTP. Please try again.');
    toast.error('Invalid OTP. Please try again.');
    const ids = hot.error.mock.calls.map((call) => (call[1] as { id: string }).id);
    expect(ids[0]).toBe(ids[1]);
    toast('Heads up');
    expect(hot.mock.calls[0]![1]).toMatchObject({ id: 'note:Heads up' });
  });

  it('clears the error toasts still showing when a success comes', () => {
    toast.error('Invalid OTP. Please try again.');
    toast.error('Please fill in all fields.', { id: 'form' });
    toast.success('Email verified successfully!');
    expect(hot.remove.mock.calls.map((call) => call[0]).sort()).toEqual(
      ['error:Invalid OTP. Please try again.', 'form'].sort(),
    );
    expect(hot.success).toHaveBeenCalledWith('Email verified successfully!', {
      id: 'success:Email verified successfully!',
    });
    toast.success('Saved');
    expect(hot.remove).toHaveBeenCalledTimes(2);
  });
});
